import { formatCpf, onlyDigits } from './cpf';

/**
 * Personal documents as the card data shows them (docs/produto/informacoes.md, "Card data"). Every function takes what
 * an operator's API may send (text, a number, null) and never throws.
 */

const asText = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * 000.000.000-00 padded to 11 digits (docs/produto/informacoes.md, "Data"): a CPF that travelled as a number, or as text
 * through a system that dropped its leading zeros, is shown whole. Empty stays empty; more than
 * 11 digits is not a CPF and comes back as it came.
 */
export function formatCpfPadded(value: string | number | null | undefined): string {
  const digits = onlyDigits(value);
  if (digits.length === 0) return '';
  if (digits.length > 11) return asText(value);
  return formatCpf(digits.padStart(11, '0'));
}

/**
 * docs/produto/informacoes.md "Data": a 9-digit RG is shown 00.000.000-0; any other RG (other states' formats, a check letter
 * such as SP's X, state prefixes like 'MG12345678') in upper case. Punctuation around 9 digits
 * ('28.473.615-9') counts as the 9-digit form.
 */
export function formatRg(value: string | number | null | undefined): string {
  const text = asText(value);
  const digits = onlyDigits(text);
  if (digits.length === 9 && /^[\d.\-\s/]+$/.test(text)) {
    return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}-${digits.slice(8)}`;
  }
  return text.toUpperCase();
}

/**
 * Cartão Nacional de Saúde: 15 digits starting with 1 or 2 (definitive) or 7, 8 or 9
 * (provisional), whose digits weighted 15 down to 1 add up to a multiple of 11 (DATASUS rule).
 */
export function isValidCns(value: string | number | null | undefined): boolean {
  const cns = onlyDigits(value);
  if (!/^[12789]\d{14}$/.test(cns)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(cns[i]) * (15 - i);
  return sum % 11 === 0;
}

/**
 * The CNS with its 15 digits, grouped as the card prints them (000 0000 0000 0000). Anything that
 * is not 15 digits is shown as it came, never cut.
 */
export function formatCns(value: string | number | null | undefined): string {
  const text = asText(value);
  const digits = onlyDigits(text);
  if (digits.length !== 15 || !/^[\d.\-\s]+$/.test(text)) return text;
  return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 11)} ${digits.slice(11)}`;
}
