import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The strict CSP; index.html responses add their own style nonce (Radix injects <style> tags). */
export function contentSecurityPolicy(styleNonce?: string): string {
  const style = styleNonce ? `'self' 'nonce-${styleNonce}'` : `'self'`;
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src ${style}`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export default fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set below, so one function owns the policy
    hsts: app.config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy());
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // API answers are personal data: never stored by browsers or proxies.
    if (request.url.startsWith('/api') || request.url.startsWith('/healthz') || request.url.startsWith('/readyz')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
