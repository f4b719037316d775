import { onlyDigits } from './cpf';

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, ...W1];

function dv(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True when the value has 14 digits and both check digits match (Receita Federal rule). */
export function isValidCnpj(value: string | number | null | undefined): boolean {
  const cnpj = onlyDigits(value);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  return dv(cnpj, W1) === Number(cnpj[12]) && dv(cnpj, W2) === Number(cnpj[13]);
}

/** 00.000.000/0000-00; anything that is not 14 digits is returned as it came. */
export function formatCnpj(value: string | number | null | undefined): string {
  const d = onlyDigits(value);
  if (d.length !== 14) return value === null || value === undefined ? '' : String(value);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** Builds a valid CNPJ from 8 base digits and a 4-digit branch (demo seed and tests). */
export function cnpjFromBase(base8: string, filial = '0001'): string {
  if (!/^\d{8}$/.test(base8) || !/^\d{4}$/.test(filial)) throw new Error('cnpjFromBase needs 8 + 4 digits');
  const d12 = base8 + filial;
  const d1 = dv(d12, W1);
  return `${d12}${d1}${dv(d12 + d1, W2)}`;
}
