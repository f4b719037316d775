import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type Metricas, type Observador, SEM_ROTA } from '../lib/metricas';
import { sendError } from './errors';

const WWW_AUTHENTICATE = 'Bearer realm="metricas"';
const NAO_ENCONTRADO = 'Recurso não encontrado.';
const TOKEN_INVALIDO = 'Token de métricas inválido.';

const resumo = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token: both hashed first, compared in constant time. */
export function tokenConfere(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return timingSafeEqual(resumo(m?.[1] ?? ''), resumo(token)) && m !== null;
}

/** The route's onResponse hook: its observer bound once, per method when the route has several. */
function ganchoDaRota(metricas: Metricas, rota: string, metodos: string[]): onResponseHookHandler {
  if (metodos.length === 1) {
    const observar = metricas.observador(rota, metodos[0] ?? 'GET');
    return (_request, reply, done) => {
      observar(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  }
  const porMetodo = new Map<string, Observador>(metodos.map((m) => [m, metricas.observador(rota, m)]));
  return (request, reply, done) => {
    porMetodo.get(request.method)?.(reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}

const comoLista = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The hooks of the not-found handler (plugins/web.ts): its answers are counted under one route
 * label, whatever the path asked. Fastify gives the 404 context every hook named in these options
 * (four-oh-four.js), though its types list only preValidation and preHandler; a test fails if it
 * stops (metricas.test.ts, "unmatched paths").
 */
export function ganchosDoNaoEncontrado(app: FastifyInstance): { preHandler?: onResponseHookHandler[] } {
  const metricas = app.metricas;
  if (!metricas) return {};
  const observar = metricas.observador(SEM_ROTA, '*');
  const gancho: onResponseHookHandler = (_request, reply, done) => {
    observar(reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
  return { onResponse: [gancho] } as { preHandler?: onResponseHookHandler[] };
}

async function responderMetricas(metricas: Metricas, res: ServerResponse) {
  const { corpo, tipo } = await metricas.texto();
  res.writeHead(200, { 'content-type': tipo, 'cache-control': 'no-store' }).end(corpo);
}

/**
 * METRICS_PORT: a bare listener that answers GET /metrics only (and asks for the token when one is
 * set), started when the app is ready.
 */
function servidorDeMetricas(app: FastifyInstance, metricas: Metricas, token: string | undefined): Server {
  const json = (res: ServerResponse, status: number, code: string, message: string) =>
    res
      .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .end(JSON.stringify({ sucesso: false, code, message, erro: message }));
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const caminho = (req.url ?? '').split('?')[0];
    if (caminho !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return json(res, 404, 'NAO_ENCONTRADO', NAO_ENCONTRADO);
    if (token !== undefined && !tokenConfere(req.headers.authorization, token)) {
      res.setHeader('www-authenticate', WWW_AUTHENTICATE);
      return json(res, 401, 'TOKEN_INVALIDO', TOKEN_INVALIDO);
    }
    responderMetricas(metricas, res).catch((err: unknown) => {
      app.log.error({ err }, 'metrics: scrape failed');
      if (!res.headersSent) json(res, 500, 'ERRO_INTERNO', 'Erro interno do servidor.');
    });
  });
}

/**
 * /metrics (issue 32, decision 0051). Off (no METRICS_TOKEN nor METRICS_PORT): the path answers 404
 * and nothing is measured. On: every route gets an onResponse hook bound to its template when it is
 * registered (no lookup per request: the member call pays one hook call and one observe, 0039), and
 * the main port's /metrics asks for the bearer token — 404 while none is configured, 401 when wrong.
 */
export default fp(async function metricasPlugin(app: FastifyInstance) {
  const metricas = app.metricas;
  const { token, porta, host } = app.config.metricas;

  if (metricas) {
    app.addHook('onRoute', (route: RouteOptions) => {
      const metodos = comoLista(route.method).map(String);
      route.onResponse = [...comoLista(route.onResponse), ganchoDaRota(metricas, route.url, metodos)];
    });
  }

  const naoEncontrado = (reply: FastifyReply) => sendError(reply, 404, 'NAO_ENCONTRADO', NAO_ENCONTRADO);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricas || token === undefined) return naoEncontrado(reply);
    if (!tokenConfere(request.headers.authorization, token)) {
      reply.header('www-authenticate', WWW_AUTHENTICATE);
      return sendError(reply, 401, 'TOKEN_INVALIDO', TOKEN_INVALIDO);
    }
    const { corpo, tipo } = await metricas.texto();
    return reply.header('cache-control', 'no-store').type(tipo).send(corpo);
  });

  if (metricas && porta !== undefined) {
    const servidor = servidorDeMetricas(app, metricas, token);
    app.decorate('servidorDeMetricas', servidor);
    // onReady, not onListen: app.listen() resolves only once this listener is up (or failed).
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        servidor.once('error', reject);
        servidor.listen(porta, host, () => {
          servidor.off('error', reject);
          resolve();
        });
      });
      app.log.info({ porta: (servidor.address() as { port?: number } | null)?.port, host }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (servidor.listening) await new Promise<void>((resolve) => servidor.close(() => resolve()));
    });
  }
});
