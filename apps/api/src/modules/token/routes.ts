import type { FastifyPluginAsync } from 'fastify';
import { gerarTokenRequestSchema } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { parseBody } from '../../lib/validate';

const routes: FastifyPluginAsync = async (app) => {
  /** Answers the token as a JSON string (spec 7). */
  app.post('/Token/GerarToken', async (request, reply) => {
    const { usuario, senha } = parseBody(gerarTokenRequestSchema, request.body);
    if (!app.tokens.credentialMatches(usuario, senha)) {
      throw new AppError(401, 'CREDENCIAL_INVALIDA', 'Credenciais do aplicativo inválidas.');
    }
    const token = await app.tokens.issue(usuario);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
  });
};

export default routes;
