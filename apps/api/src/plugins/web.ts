import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from './security';
import { sendError } from './errors';
import { ganchosDoNaoEncontrado } from './metricas';
import { paginaComOperadora } from '@portal/operadora';

const NOT_BUILT = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Portal do Beneficiário</title></head>
<body><h1>Portal do Beneficiário</h1>
<p>O aplicativo web ainda não foi gerado. Execute <code>npm run build</code> e reinicie o servidor.</p>
<p>A API continua disponível em <code>/api</code>.</p></body></html>`;

/**
 * The built SPA: hashed /assets/* cached for a year, other files for an hour, and every other
 * GET outside /api answered with index.html (history fallback) carrying a fresh CSP nonce.
 * Pre-compressed .br/.gz files are used when the web build emits them; nothing is compressed here.
 */
export default fp(async function web(app: FastifyInstance) {
  const root = app.config.webDist;
  const cached = new Map<string, string | undefined>();

  async function template(file: string): Promise<string | undefined> {
    if (cached.has(file)) return cached.get(file);
    const html = await readFile(join(root, file), 'utf8').catch(() => undefined);
    if (app.config.production) cached.set(file, html); // development rebuilds the SPA under a running server
    return html;
  }

  // index.html: the member app; atendimento.html: the staff console, its own bundle (issue 17);
  // login.html: index.html with /login's first screen already rendered (decision 0040), index.html
  // when a build has none.
  const servePage = (file: 'index.html' | 'atendimento.html' | 'login.html') =>
    async function (_request: FastifyRequest, reply: FastifyReply) {
      const html = (await template(file)) ?? (file === 'login.html' ? await template('index.html') : undefined);
      if (html === undefined) {
        return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
      }
      const nonce = randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(nonce, imagensExternas))
        .send(branded(html).replaceAll('__CSP_NONCE__', nonce));
    };
  const serveIndex = servePage('index.html');
  const serveAtendimento = servePage('atendimento.html');
  const serveLogin = servePage('login.html');
  // The operator's name, colours and configuration go into the page itself: the first paint is
  // already branded and no request waits for them (the web app reads #operadora).
  const branded = (html: string) => paginaComOperadora(html, app.operadora);
  // The operator's logos may live on its own https:// server (operadoraSchema allows it).
  const imagensExternas = [
    ...new Set(
      [app.operadora.logo, app.operadora.logoBranco]
        .filter((u) => u.startsWith('https://') && URL.canParse(u))
        .map((u) => new URL(u).origin),
    ),
  ];

  if (existsSync(join(root, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
    });
  }
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      // sw.js: served by pwaRoutes, never cached (a new release must reach installed apps).
      globIgnore: ['**/index.html', '**/atendimento.html', '**/login.html', 'assets/**', '**/*.br', '**/*.gz', 'sw.js'],
      maxAge: '1h',
      preCompressed: true,
    });
  }

  // The operator's images (logo, banners, icons) and the providers' seals (docs/produto/guia-medico.md, "Data": /selos/{codigo}.png).
  const operadoraPublic = join(app.config.operadoraDir, 'public');
  if (existsSync(operadoraPublic)) {
    await app.register(fastifyStatic, {
      root: operadoraPublic,
      prefix: '/operadora/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
    if (existsSync(join(operadoraPublic, 'selos'))) {
      await app.register(fastifyStatic, {
        root: join(operadoraPublic, 'selos'),
        prefix: '/selos/',
        decorateReply: false,
        index: false,
        maxAge: '1d',
      });
    }
  }

  app.get('/', { schema: { hide: true } }, serveIndex);
  app.get('/index.html', { schema: { hide: true } }, serveIndex);
  app.get('/atendimento', { schema: { hide: true } }, serveAtendimento);
  app.get('/atendimento/*', { schema: { hide: true } }, serveAtendimento);

  // Unmatched paths are counted under one label (plugins/metricas.ts), never by what was asked.
  app.setNotFoundHandler(ganchosDoNaoEncontrado(app), (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/assets/');
    // Paths match case-insensitively in the web app (/Login is /login), with or without a final '/'.
    if (isPage) return /^\/login\/?$/i.test(path) ? serveLogin(request, reply) : serveIndex(request, reply);
    return sendError(reply, 404, 'NAO_ENCONTRADO', 'Recurso não encontrado.');
  });
});
