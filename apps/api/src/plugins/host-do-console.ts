import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';

/**
 * The staff console on a host name of its own (CONSOLE_HOST; decision 0033, penetration test
 * defect 11). The console shared the members' origin, so a script injected one day into a member
 * page could call /api/atendimento with a staff member's cookies. With CONSOLE_HOST set:
 *
 * - the console — its pages (/atendimento, /atendimento/*) and its API (/api/atendimento/*) —
 *   answers only when the Host header names that host; elsewhere its API answers 404 and its pages
 *   send the browser to the console's host;
 * - on the console's host nothing of the members answers (404): neither their API, nor their pages,
 *   nor the service worker and manifest, nor the integration API. Shared there: the health checks,
 *   the built files under /assets/ and the operator's images under /operadora/ (static files, no
 *   page), and the public API group (the API token, the operator's configuration); '/' goes to
 *   /atendimento.
 *
 * The host is read from the Host header only, never X-Forwarded-Host: a script in a page cannot set
 * Host, but it can set X-Forwarded-Host (the reverse proxy must pass Host through, as Caddy does).
 * The decision is taken on the route that matched (its group's tag in the OpenAPI document, or its
 * path pattern), not on the raw URL, so no spelling of a path slips past it. Unset: nothing changes.
 */

/** The host name of a Host header, lower case, without the port ('[::1]:3000' → '[::1]'). */
export function nomeDoHost(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const i = h.lastIndexOf(':');
  return i === -1 ? h : h.slice(0, i);
}

const PAGINAS_DO_CONSOLE = new Set(['/atendimento', '/atendimento/*']);
const ESTATICOS_COMPARTILHADOS = ['/assets/', '/operadora/'];
const SAUDE = new Set(['/healthz', '/readyz']);

function grupo(request: FastifyRequest): string | undefined {
  const tags = (request.routeOptions.schema as { tags?: unknown } | undefined)?.tags;
  return Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
}

export default fp(async function hostDoConsole(app: FastifyInstance) {
  const hostDoConsole = app.config.equipe.host;
  if (!hostDoConsole) return;

  const naoEncontrado = (reply: FastifyReply) => sendError(reply, 404, 'NAO_ENCONTRADO', 'Recurso não encontrado.');

  app.addHook('onRequest', async (request, reply) => {
    const noHostDoConsole = nomeDoHost(request.headers.host) === hostDoConsole;
    const rota = request.routeOptions.url;
    const doGrupo = grupo(request);
    const paginaDoConsole = rota !== undefined && PAGINAS_DO_CONSOLE.has(rota);

    if (doGrupo === 'atendimento' || paginaDoConsole) {
      if (noHostDoConsole) return;
      if (paginaDoConsole && (request.method === 'GET' || request.method === 'HEAD')) {
        // A bookmark of the shared host's console: on to the console's own host (same path and port).
        const porta = /:(\d+)$/.exec(request.headers.host ?? '')?.[1];
        const destino = `${request.protocol}://${hostDoConsole}${porta ? `:${porta}` : ''}${request.url}`;
        return reply.header('cache-control', 'no-store').redirect(destino, 302);
      }
      return naoEncontrado(reply);
    }
    if (!noHostDoConsole) return;

    if (rota === '/' && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.header('cache-control', 'no-store').redirect('/atendimento', 302);
    const compartilhada =
      rota !== undefined &&
      (SAUDE.has(rota) ||
        ESTATICOS_COMPARTILHADOS.some((p) => rota.startsWith(p)) ||
        (doGrupo === 'publica' && !rota.startsWith('/api/dev/')));
    if (!compartilhada) return naoEncontrado(reply);
  });
});
