import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
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
      // Answered already and lingering (below): the linger's own bound closes it.
      if (raw.complete || socket.destroyed || !socket.writable) return;
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
    if (!request.raw.complete) {
      demorarOFecho(request.raw.socket, request.raw, ms);
      if (lote.push(request) === 1) setImmediate(verificarLote);
    }
    done();
  });
});

const kPedido = Symbol('pedido com corpo a chegar');
const kPrazo = Symbol('prazo do fecho demorado');
type SocketDemorado = Socket & { [kPedido]?: IncomingMessage; [kPrazo]?: number };

/**
 * Lingering close, as nginx's: Node closes a connection after a `Connection: close` answer (Fastify's
 * 413 for a body over the limit, the 408 above) with destroySoon — end, then destroy — and a client
 * still sending its body meets a reset on its next write: Node's fetch, which sends the whole body
 * before it reads, then reports EPIPE and never sees the answer. Here, while the request's body is
 * still arriving, our side ends (the answer and a FIN go out), what still comes is read and dropped
 * (Node's parser dumps the unread body), and the connection is destroyed when the client closes or the
 * request's own bound, REQUEST_TIMEOUT_MS, is over — whichever comes first.
 */
function demorarOFecho(socket: SocketDemorado | undefined, raw: IncomingMessage, ms: number): void {
  if (!socket) return;
  socket[kPedido] = raw;
  socket[kPrazo] = ms;
  socket.destroySoon = fecharDemorado;
}

function fecharDemorado(this: SocketDemorado): void {
  const raw = this[kPedido];
  if (!raw || raw.complete || this.destroyed) return Socket.prototype.destroySoon.call(this);
  if (this.writable) this.end();
  const destruir = () => this.destroy();
  const timer = setTimeout(destruir, this[kPrazo] ?? 10_000);
  timer.unref();
  this.once('end', destruir);
  this.once('close', () => clearTimeout(timer));
}
