import { normalizeSearch } from '@portal/br';

/**
 * Guia Médico free text ('nome ou endereço'), shared by the API (which searches with it) and the
 * web app (which says why a text is refused before sending it). Kept free of zod so the web page
 * can import it (`@portal/contract/guia-medico-busca`) without the schemas.
 */
export const BUSCA = {
  /** Longest text accepted (characters, after trimming). */
  maxCaracteres: 100,
  /** Words used from one text: the longest ones (they narrow the search the most). */
  maxPalavras: 6,
  /** A word shorter than this matches the start of a word ('jo' finds João); longer, anywhere in one. */
  minCaracteresTrecho: 3,
} as const;

/** Portuguese connecting words that say nothing about a provider ('Clínica de Olhos'). */
const LIGACOES = new Set(['da', 'das', 'de', 'do', 'dos', 'em', 'na', 'nas', 'no', 'nos']);

/**
 * The words a text is searched by: accents and case dropped (normalizeSearch), anything but
 * letters and digits a separator, single characters dropped, connecting words dropped when other
 * words remain, repeated words once, at most `maxPalavras` (the longest). An empty list means the
 * text has nothing to search by ('a', '!!!'): the API refuses it and the web app says so.
 */
export function palavrasDaBusca(texto: string | null | undefined): string[] {
  const todas = normalizeSearch(texto)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((p) => p.length >= 2);
  const unicas = [...new Set(todas)];
  const uteis = unicas.filter((p) => !LIGACOES.has(p));
  const escolhidas = uteis.length ? uteis : unicas;
  if (escolhidas.length <= BUSCA.maxPalavras) return escolhidas;
  const maiores = [...escolhidas].sort((a, b) => b.length - a.length).slice(0, BUSCA.maxPalavras);
  return escolhidas.filter((p) => maiores.includes(p));
}

/** Why a free text cannot be searched (null: it can, or it is empty and simply not sent). */
export function problemaDaBusca(texto: string | null | undefined): string | null {
  const t = (texto ?? '').trim();
  if (!t) return null;
  if (t.length > BUSCA.maxCaracteres) return `Digite no máximo ${BUSCA.maxCaracteres} caracteres na busca.`;
  if (palavrasDaBusca(t).length === 0) return 'Digite pelo menos 2 letras ou números para buscar por nome ou endereço.';
  return null;
}

/**
 * The SQL LIKE pattern of a word over the provider's search text (kept as ' words ' with single
 * spaces, see guia_normalizar): a short word must start a word, a longer one may be anywhere.
 * Words hold only [a-z0-9], so nothing needs escaping.
 */
export function padraoDaPalavra(palavra: string): string {
  return palavra.length < BUSCA.minCaracteresTrecho ? `% ${palavra}%` : `%${palavra}%`;
}
