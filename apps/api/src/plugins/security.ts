import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The strict CSP; index.html responses add their own style nonce (Radix injects <style> tags) and
 * the origins of operator images configured as https:// URLs (logo), if any.
 */
export function contentSecurityPolicy(styleNonce?: string, imgOrigins: readonly string[] = []): string {
  const style = styleNonce ? `'self' 'nonce-${styleNonce}'` : `'self'`;
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src ${style}`,
    ['img-src', "'self'", 'data:', ...imgOrigins].join(' '),
    `font-src 'self'`,
    `connect-src 'self'`,
    // The installable app (decision 0016): its service worker and manifest come from here only.
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The security headers, decided once. helmet chooses them (its options below), but its middleware
 * runs a dozen functions per response; on the hottest path (0006) we run it once at start against
 * a recording response and set the result as one frozen object on every reply.
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  const recorded: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (recorded[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete recorded[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: false, // ours, below (index.html adds a nonce)
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  })({} as never, res as never, () => undefined);
  recorded['content-security-policy'] = contentSecurityPolicy();
  recorded['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(recorded);
}

/**
 * Every response starts as `no-store`; only the handlers that know their bytes are public (the
 * SPA's files, the manifest, the operator's settings) replace it with their own cache-control.
 * Nothing is decided on the URL: a path the router normalises (`/%61pi/...` is `/api/...`,
 * issue 13) cannot reach member data without it.
 */
export default fp(async function security(app: FastifyInstance) {
  const headers = Object.freeze({ ...securityHeaders(app.config.production), 'cache-control': 'no-store' });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
