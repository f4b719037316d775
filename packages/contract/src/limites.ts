/**
 * docs/produto/comum.md "Limits" constants shared by the web app and the API. Kept free of zod so the web app can import
 * them (`@portal/contract/limites`) without pulling the schemas into the login bundle.
 */
export const LIMITES = {
  senhaMinima: 6,
  /** A staff member's own password (decision 0033): longer, as it opens every member's data. */
  senhaEquipeMinima: 12,
  senhaMaxima: 128,
  codigoTamanho: 6,
  cpfDigitos: 11,
  sessaoInatividadeMs: 30 * 60 * 1000,
  sessaoVerificacaoMs: 1000,
  apiTimeoutMs: 30_000,
  reenvioCodigoSegundos: 120,
  /** How long a sign-in code (registration, recovery) can be typed after it was sent. */
  codigoValidadeMs: 10 * 60_000,
  breakpointMobilePx: 768,
} as const;
