import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Operadora } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors';

/**
 * The web app manifest (decision 0016), made from the operator's configuration like index.html,
 * so a re-branded portal installs under the operator's name and colour without a rebuild. Icons
 * are the operator folder's (OPERADORA_DIR/public/icons, served at /operadora/icons/).
 */
export function manifesto(op: Operadora) {
  return {
    id: '/',
    name: `${op.nome} — Portal do Beneficiário`,
    short_name: op.nome,
    description: `Carteirinha digital, boletos, autorizações e guia médico da ${op.nome}.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/carteirinha',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f8fafc',
    theme_color: op.corPrimaria,
    categories: ['health', 'medical'],
    icons: [
      { src: '/operadora/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/operadora/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/operadora/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [{ name: 'Carteirinha digital', short_name: 'Carteirinha', url: '/carteirinha' }],
  };
}

/**
 * GET /manifest.webmanifest and GET /sw.js (the service worker the web build writes at the root
 * of its output). Both are re-checked by the browser on every visit (no-cache), so a new release
 * or a re-branding reaches installed apps at their next start online.
 */
export async function pwaRoutes(app: FastifyInstance): Promise<void> {
  const corpo = JSON.stringify(manifesto(app.operadora));
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(corpo),
  );

  const arquivo = join(app.config.webDist, 'sw.js');
  let cache: string | undefined;
  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) => {
    const js = cache ?? (await readFile(arquivo, 'utf8').catch(() => undefined));
    if (js === undefined) return sendError(reply, 404, 'NAO_ENCONTRADO', 'Recurso não encontrado.');
    if (app.config.production) cache = js; // development rebuilds the web app under a running server
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(js);
  });
}
