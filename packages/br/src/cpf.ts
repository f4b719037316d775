/** Keeps only the digits of any input (numbers included). */
export function onlyDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\D/g, '');
}

function checkDigit(digits: string, weightStart: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weightStart - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * True when the value has 11 digits and both check digits match (Receita Federal rule).
 * Sequences of one repeated digit (000.000.000-00 …) pass the arithmetic but are not issued.
 */
export function isValidCpf(value: string | number | null | undefined): boolean {
  const cpf = normalizeCpf(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const d1 = checkDigit(cpf.slice(0, 9), 10);
  const d2 = checkDigit(cpf.slice(0, 10), 11);
  return d1 === Number(cpf[9]) && d2 === Number(cpf[10]);
}

/**
 * Digits of a CPF, left-padded to 11 when it arrived as a number (CPFs starting with 0 lose
 * their leading zeros in JSON numbers). Longer inputs are returned as they are, to fail validation.
 */
export function normalizeCpf(value: string | number | null | undefined): string {
  const digits = onlyDigits(value);
  if (digits.length === 0 || digits.length > 11) return digits;
  return typeof value === 'number' ? digits.padStart(11, '0') : digits;
}

/** 000.000.000-00, padded to 11 digits (docs/produto/informacoes.md, "Data", card data). Partial input is formatted as typed. */
export function formatCpf(value: string | number | null | undefined): string {
  let digits = onlyDigits(value).slice(0, 11);
  if (typeof value === 'number') digits = digits.padStart(11, '0');
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Builds a valid CPF from 9 base digits (used by the demo seed and tests). */
export function cpfFromBase(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('cpfFromBase needs 9 digits');
  const d1 = checkDigit(base9, 10);
  const d2 = checkDigit(base9 + d1, 11);
  return `${base9}${d1}${d2}`;
}
