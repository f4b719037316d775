import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gerarTokenRequestSchema, gerarTokenResponseSchema } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { respostas } from '../../lib/schema';

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokens } = app.services;
  /** Answers the token as a JSON string (docs/produto/acesso.md, "Calls"). */
  app.post(
    '/Token/GerarToken',
    { schema: { body: gerarTokenRequestSchema, response: respostas(gerarTokenResponseSchema) } },
    async (request, reply) => {
      const { usuario, senha } = request.body;
      if (!tokens.credentialMatches(usuario, senha)) {
        throw new AppError(401, 'CREDENCIAL_INVALIDA', 'Credenciais do aplicativo inválidas.');
      }
      // A string answer skips Fastify's serializer: quote it ourselves (the body is a JSON string).
      const token = await tokens.issue(usuario);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
    },
  );
};
