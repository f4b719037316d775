import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors';

const WWW_AUTHENTICATE = 'Bearer realm="portal", error="invalid_token"';

/** onRequest hook of every /api route but GerarToken: a valid Bearer API token (0002). */
export async function requireApiToken(request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (m?.[1] && (await request.server.services.tokens.verify(m[1]))) return;
  reply.header('www-authenticate', WWW_AUTHENTICATE);
  return sendError(reply, 401, 'TOKEN_INVALIDO', 'Token de acesso inválido ou expirado.');
}
