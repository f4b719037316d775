import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  avaliarAtendimentoRequestSchema,
  avaliarAtendimentoResponseSchema,
  idempotencyHeadersSchema,
  listarUtilizacaoRequestSchema,
  listarUtilizacaoResponseSchema,
  utilizacaoBeneficiariosRequestSchema,
  utilizacaoBeneficiariosResponseSchema,
} from '@portal/contract';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** docs/produto/utilizacao.md "Calls": usage history and ratings (member group; the path segment is lower case, as that page says). */
export const utilizacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { utilizacao } = app.services;

  app.post(
    '/utilizacao/Beneficiarios',
    {
      schema: {
        body: utilizacaoBeneficiariosRequestSchema,
        response: respostas(utilizacaoBeneficiariosResponseSchema),
      },
    },
    async (request) => utilizacao.beneficiariosVisiveis(request.membro),
  );

  app.post(
    '/utilizacao/ListarUtilizacao',
    { schema: { body: listarUtilizacaoRequestSchema, response: respostas(listarUtilizacaoResponseSchema) } },
    async (request) => utilizacao.listar(request.membro, request.body.codigoBeneficiario),
  );

  app.post(
    '/utilizacao/AvaliarAtendimento',
    {
      schema: {
        body: avaliarAtendimentoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(avaliarAtendimentoResponseSchema),
      },
    },
    async (request) => utilizacao.avaliar(request.membro, request.body, envioDe(request)),
  );
};
