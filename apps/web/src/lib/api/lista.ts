/**
 * docs/produto/comum.md "Data": an operator's API may answer a list bare or wrapped in `dados`; anything else reads as
 * an empty list.
 */
export function listaDaResposta<T>(r: T[] | { dados?: T[] | null } | null | undefined): T[];
export function listaDaResposta(r: unknown): unknown[];
export function listaDaResposta(r: unknown): unknown[] {
  if (Array.isArray(r)) return r;
  const dados = r && typeof r === 'object' ? (r as { dados?: unknown }).dados : undefined;
  return Array.isArray(dados) ? dados : [];
}
