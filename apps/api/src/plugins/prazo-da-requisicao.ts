import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A long upload (the integration API's import files): no bound on the whole request, only on
     * the silence between two pieces of it.
     */
    envioLongo?: boolean;
  }
}

const MENSAGEM = 'A requisição não chegou inteira a tempo. Tente novamente.';
const RESPOSTA_408 = (() => {
  const corpo = JSON.stringify({ sucesso: false, code: 'DADOS_INVALIDOS', message: MENSAGEM, erro: MENSAGEM });
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(corpo)}\r\n\r\n${corpo}`
  );
})();

/**
 * REQUEST_TIMEOUT_MS, made true. Node's own `requestTimeout` is read when the server is created, and
 * Fastify 5 sets it afterwards, so it never applied (a 40 s trickle got through; decision 0024).
 * Passing it at creation would cut the integration API's large uploads too, so the bound is kept
 * here, per request: a request whose body has not fully arrived REQUEST_TIMEOUT_MS after its headers
 * gets 408 and its connection closes (a slow sender holds no handler, no body buffer, no pool
 * connection). A route marked `envioLongo` is bounded by silence instead: no byte for that long and
 * the connection closes. Headers themselves are bounded by Node's `headersTimeout` (server options).
 */
export const prazoDaRequisicao = fp(async (app: FastifyInstance, { ms }: { ms: number }) => {
  if (ms <= 0) return;

  /** Bounds one request whose body was still arriving once the chunk that carried its headers was read. */
  function vigiar(request: FastifyRequest): void {
    const raw = request.raw;
    const socket = raw.socket;
    if (raw.complete || !socket || socket.destroyed) return;
    if (request.routeOptions.config.envioLongo) {
      const fechar = () => socket.destroy();
      socket.setTimeout(ms, fechar);
      // The listener goes with the request: a keep-alive socket carries many uploads (Reembolso/Anexos).
      const parar = () => {
        socket.setTimeout(0);
        socket.removeListener('timeout', fechar);
      };
      raw.once('end', parar);
      raw.once('close', parar);
      return;
    }
    const timer = setTimeout(() => {
      if (raw.complete || socket.destroyed) return;
      request.log.info({ prazoMs: ms }, 'request body not received in time: 408');
      socket.end(RESPOSTA_408, () => socket.destroy());
    }, ms);
    timer.unref();
    const parar = () => clearTimeout(timer);
    raw.once('end', parar);
    raw.once('close', parar);
  }

  // The requests whose headers arrived in this turn of the event loop, looked at once the turn's
  // reads are parsed (setImmediate; a microtask would run between the headers and the body of one
  // chunk): a request whose body came with its headers — nearly every API call — is complete by
  // then and costs no timer, no listeners and no routeOptions object (decision 0039).
  let lote: FastifyRequest[] = [];
  const verificarLote = () => {
    const pendentes = lote;
    lote = [];
    for (const request of pendentes) vigiar(request);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.raw.complete && lote.push(request) === 1) setImmediate(verificarLote);
    done();
  });
});
