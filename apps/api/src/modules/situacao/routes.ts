import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { situacaoDoPlanoRequestSchema, situacaoDoPlanoResponseSchema } from '@portal/contract';
import { respostas } from '../../lib/schema';

/** The session's plan: contract, profile, and whether its coverage ended (member group). */
export const situacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { situacao } = app.services;
  app.post(
    '/Beneficiario/SituacaoDoPlano',
    { schema: { body: situacaoDoPlanoRequestSchema, response: respostas(situacaoDoPlanoResponseSchema) } },
    async (request) => situacao.situacao(request.membro),
  );
};
