/**
 * Rules of the digital card shared by the API and the web app (decision 0016). Kept free of zod
 * (`@portal/contract/carteirinha`, like `perfis`) so the card's chunk carries no schema library.
 */

/** How long a QR token (and its typed code) proves a card: long enough to show it at the desk. */
export const QR_VALIDADE_SEGUNDOS = 300;

/**
 * The typed fallback of the QR code: 8 characters of Crockford's base32 (no I, L, O or U, so
 * nothing reads as another letter or a digit), shown as two groups of four ('7KQM-2XDP').
 */
export const CODIGO_VERIFICACAO_ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODIGO_VERIFICACAO_TAMANHO = 8;

/**
 * A typed verification code as the server looks it up: upper case, without spaces or dashes, with
 * the letters people confuse read as Crockford reads them (O → 0, I and L → 1). Null when it
 * cannot be one.
 */
export function normalizarCodigoVerificacao(texto: string): string | null {
  const limpo = texto
    .toUpperCase()
    .replace(/[\s\-–.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (limpo.length !== CODIGO_VERIFICACAO_TAMANHO) return null;
  for (const c of limpo) if (!CODIGO_VERIFICACAO_ALFABETO.includes(c)) return null;
  return limpo;
}

/** '7KQM2XDP' → '7KQM-2XDP', as the card shows it for typing. */
export function formatarCodigoVerificacao(codigo: string): string {
  return codigo.length === CODIGO_VERIFICACAO_TAMANHO ? `${codigo.slice(0, 4)}-${codigo.slice(4)}` : codigo;
}

/** A compact JWS (three base64url parts): what the QR code carries. */
export function pareceTokenQr(texto: string): boolean {
  return texto.length <= 1024 && /^[\w-]{10,}\.[\w-]{10,}\.[\w-]{20,}$/.test(texto);
}

/** The path of the public verification page; the QR code holds `{origem}/verificar-carteirinha#t={token}`. */
export const CAMINHO_VERIFICACAO = '/verificar-carteirinha';

export function urlDeVerificacao(origem: string, token: string): string {
  return `${origem}${CAMINHO_VERIFICACAO}#t=${token}`;
}

/**
 * What a clinic pasted or typed: the QR's URL (its token after '#t=' or '?t='), the token itself,
 * or the 8-character code. Answers what the server checks, or null when it is none of those.
 */
export function lerEntradaDeVerificacao(texto: string): string | null {
  const t = texto.trim();
  const naUrl = /[#?&]t=([\w.-]+)/.exec(t)?.[1];
  const candidato = naUrl ?? t;
  if (pareceTokenQr(candidato)) return candidato;
  return normalizarCodigoVerificacao(candidato);
}

/** A waiting period (carência) of one kind of coverage and its last day (ISO calendar day). */
export interface CarenciaDoCartao {
  descricao: string;
  dataFim: string;
}

/**
 * The waiting periods still running on `hoje` (ISO day in São Paulo): the card lists only those.
 * The end day itself still counts as waiting ('até 28/08/2019').
 */
export function carenciasEmCurso<C extends CarenciaDoCartao>(carencias: readonly C[], hoje: string): C[] {
  return carencias.filter((c) => c.dataFim >= hoje);
}

/** The CPT is shown while it runs ('Cobertura parcial temporária até …'); an ended one is left out. */
export function cptEmCurso(dataFinalCPT: string | null | undefined, hoje: string): boolean {
  return !!dataFinalCPT && dataFinalCPT >= hoje;
}

/** Whether a card covers `hoje`: started, and not cancelled or ended before that day. */
export function cartaoValidoEm(
  c: { dataContratacao: string; dataCancelamento: string | null | undefined },
  hoje: string,
): boolean {
  return c.dataContratacao <= hoje && (!c.dataCancelamento || c.dataCancelamento > hoje);
}
