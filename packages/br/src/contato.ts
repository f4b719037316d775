import { onlyDigits } from './cpf';

/** docs/produto/comum.md "Masked e-mail": first 3 characters of the local part, four asterisks, then the domain. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return `${email.slice(0, Math.min(3, at))}****${email.slice(at)}`;
}

/** docs/produto/comum.md "Masked phone": with 11+ digits, (AA) *****-NNNN; otherwise the input unchanged. */
export function maskPhone(phone: string | number | null | undefined): string {
  if (phone === null || phone === undefined) return '';
  const digits = onlyDigits(phone);
  if (digits.length < 11) return String(phone);
  return `(${digits.slice(0, 2)}) *****-${digits.slice(-4)}`;
}

/** True when a value is already a masked contact as returned by the API. */
export function isMaskedContact(value: string): boolean {
  return value.includes('****');
}

/** (11) 99999-9999 while typing, (11) 9999-9999 for landlines. */
export function formatPhone(value: string | number | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

/** A Brazilian mobile: 2-digit area code (11–99) then 9 and 8 digits. */
export function isValidMobile(value: string | number | null | undefined): boolean {
  return /^[1-9][1-9]9\d{8}$/.test(onlyDigits(value));
}

/** Pragmatic e-mail shape check (the server is the one that compares with the record). */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

/** Normalised e-mail for comparisons: trimmed and lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
