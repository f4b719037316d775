import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listarCarteirinhasRequestSchema, listarCarteirinhasResponseSchema } from '@portal/contract';
import { respostas } from '../../lib/schema';

/** docs/produto/informacoes.md "Calls": POST /api/Carteirinha/ListarCarteirinhas {perfilAutenticado} (member group). */
export const carteirinhaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { carteirinha } = app.services;

  app.post(
    '/Carteirinha/ListarCarteirinhas',
    { schema: { body: listarCarteirinhasRequestSchema, response: respostas(listarCarteirinhasResponseSchema) } },
    async (request) => carteirinha.listar(request.membro),
  );
};
