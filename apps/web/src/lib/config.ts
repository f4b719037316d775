/**
 * Public configuration, read once at build time (Vite `VITE_*` variables). The client credential
 * only identifies the app: it ships to every browser, so it is not a secret (docs/decisions/0002).
 */
export const config = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  apiClientUser: import.meta.env.VITE_API_CLIENT_USER || 'portal-web',
  apiClientSecret: import.meta.env.VITE_API_CLIENT_SECRET || 'portal-web-demo',
} as const;

/** docs/produto/comum.md "Limits" constants, shared with the API (no zod in this import). */
export { LIMITES as LIMITES_WEB } from '@portal/contract/limites';
