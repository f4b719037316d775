import type { SerializeOptions } from 'cookie';

/** The attributes of a cookie we set (none is signed: each names a row the server looks up, 0002). */
export type OpcoesDoCookie = Omit<SerializeOptions, 'encode'>;

export const COOKIE_SESSAO = 'pb_sessao';
export const COOKIE_FLUXO = 'pb_fluxo';

/** HttpOnly, SameSite=Strict, only sent to the API (0002). */
export function cookieOptions(secure: boolean, maxAgeSeconds?: number): OpcoesDoCookie {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api',
    secure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}
