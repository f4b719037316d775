/**
 * Public configuration, read once at build time (Vite `VITE_*` variables). The client credential
 * only identifies the app: it ships to every browser, so it is not a secret (docs/decisions/0002).
 */
export const config = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  apiClientUser: import.meta.env.VITE_API_CLIENT_USER || 'portal-web',
  apiClientSecret: import.meta.env.VITE_API_CLIENT_SECRET || 'portal-web-demo',
} as const;

/** Spec 9 constants used by the web app. */
export const LIMITES_WEB = {
  sessaoInatividadeMs: 30 * 60 * 1000,
  sessaoVerificacaoMs: 1000,
  apiTimeoutMs: 30_000,
  reenvioCodigoSegundos: 120,
  senhaMinima: 6,
  codigoTamanho: 6,
} as const;
