import type { CookieSerializeOptions } from '@fastify/cookie';

export const COOKIE_SESSAO = 'pb_sessao';
export const COOKIE_FLUXO = 'pb_fluxo';

/** HttpOnly, SameSite=Strict, only sent to the API (0002). */
export function cookieOptions(secure: boolean, maxAgeSeconds?: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api',
    secure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}
