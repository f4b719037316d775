import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OpcoesDoCookie } from '../lib/cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies, read from its Cookie header the first time they are asked for. */
    readonly cookies: Readonly<Record<string, string | undefined>>;
  }
  interface FastifyReply {
    /** Adds a Set-Cookie (SameSite=Lax unless the options say otherwise); a later one for the same name, domain and path replaces it. */
    setCookie(name: string, value: string, options?: OpcoesDoCookie): FastifyReply;
    /** Sets the cookie empty and expired (path `/` unless the options say otherwise). */
    clearCookie(name: string, options?: OpcoesDoCookie): FastifyReply;
  }
}

const kCookies = Symbol('portal.cookies');
const kLinhas = Symbol('portal.setCookies');
const SEM_COOKIES: Readonly<Record<string, string | undefined>> = Object.freeze({});

interface ComCookies {
  [kCookies]: Readonly<Record<string, string | undefined>> | null;
}
interface ComLinhas {
  [kLinhas]: Map<string, string> | null;
}

function definir(reply: FastifyReply, name: string, value: string, options: OpcoesDoCookie): FastifyReply {
  const opts: SerializeOptions = { sameSite: 'lax', ...options };
  // One Set-Cookie per name, domain and path: the last one set wins (as @fastify/cookie did).
  const r = reply as FastifyReply & ComLinhas;
  const linhas = (r[kLinhas] ??= new Map());
  linhas.set(`${name};${opts.domain};${opts.path ?? '/'}`, stringifySetCookie({ name, value, ...opts }));
  reply.removeHeader('set-cookie');
  return reply.header('set-cookie', [...linhas.values()]);
}

/**
 * Cookies without a hook (decision 0039): `request.cookies` is parsed from the header on first
 * use, and `reply.setCookie` writes its Set-Cookie header at once. @fastify/cookie, which this
 * replaces, parsed every request's header and allocated a map in an onRequest hook, and wrote the
 * cookies in an onSend hook that every answer of every route went through.
 */
export default fp(async function cookies(app: FastifyInstance) {
  app.decorateRequest(kCookies, null);
  app.decorateRequest('cookies', {
    getter(this: FastifyRequest) {
      const r = this as FastifyRequest & ComCookies;
      if (r[kCookies] === null) {
        const header = this.headers.cookie;
        r[kCookies] = header ? parseCookie(header) : SEM_COOKIES;
      }
      return r[kCookies];
    },
  });
  app.decorateReply(kLinhas, null);
  app.decorateReply('setCookie', function (this: FastifyReply, name: string, value: string, options = {}) {
    return definir(this, name, value, options);
  });
  app.decorateReply('clearCookie', function (this: FastifyReply, name: string, options: OpcoesDoCookie = {}) {
    return definir(this, name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
  });
});
