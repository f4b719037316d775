import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { sendError } from './errors';

const WWW_AUTHENTICATE = 'Bearer realm="portal", error="invalid_token"';

function recusar(reply: FastifyReply) {
  reply.header('www-authenticate', WWW_AUTHENTICATE);
  return sendError(reply, 401, 'TOKEN_INVALIDO', 'Token de acesso inválido ou expirado.');
}

/**
 * onRequest hook of every /api route but GerarToken: a valid Bearer API token (0002). A token
 * already verified passes without a promise (the hot path, 0035); a new one is verified once.
 */
export function requireApiToken(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const token = m?.[1];
  if (!token) return recusar(reply);
  const { tokens } = request.server.services;
  if (tokens.verificadoEmMemoria(token)) return done();
  tokens.verify(token).then(
    (ok) => (ok ? done() : recusar(reply)),
    (err: Error) => done(err),
  );
}
