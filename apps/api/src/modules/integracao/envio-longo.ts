import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An import file may take minutes to arrive; REQUEST_TIMEOUT_MS (Node's requestTimeout, the bound on
 * receiving a whole request) would cut it off. Node checks that bound for every request and reports
 * it as a 'clientError' (ERR_HTTP_REQUEST_TIMEOUT), which Fastify answers with 408 and a closed
 * socket. The connection of an authenticated upload is marked here, and that one report is ignored
 * for it: instead, the upload is bounded by the same number of milliseconds WITHOUT DATA (an idle
 * socket is closed). Every other request keeps the whole-request bound.
 */
const ENVIO_LONGO = Symbol('portal.envioLongo');
const INSTALADO = Symbol('portal.envioLongoInstalado');

type Marcado = Socket & { [ENVIO_LONGO]?: true };

/** Wraps the server's clientError listeners (Fastify's) once, so they skip marked uploads' timeouts. */
export function instalarEnvioLongo(server: Server): void {
  const s = server as Server & { [INSTALADO]?: true };
  if (s[INSTALADO]) return;
  s[INSTALADO] = true;
  for (const original of server.listeners('clientError') as ((err: Error, socket: Socket) => void)[]) {
    server.removeListener('clientError', original);
    server.on('clientError', function (this: Server, err: Error & { code?: string }, socket: Marcado) {
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket[ENVIO_LONGO]) return;
      original.call(this, err, socket);
    });
  }
}

/** This connection's request may take longer than REQUEST_TIMEOUT_MS, as long as data keeps coming. */
export function permitirEnvioLongo(socket: Socket, ociosoMs: number): void {
  (socket as Marcado)[ENVIO_LONGO] = true;
  socket.setTimeout(ociosoMs, () => socket.destroy());
}
