import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autorizacoesBeneficiariosRequestSchema,
  autorizacoesBeneficiariosResponseSchema,
  listarAutorizacoesRequestSchema,
  listarAutorizacoesResponseSchema,
} from '@portal/contract';
import { respostas } from '../../lib/schema';

/** docs/produto/autorizacoes.md "Calls" (member group). */
export const autorizacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { autorizacoes } = app.services;

  app.post(
    '/Autorizacoes/Beneficiarios',
    {
      schema: {
        body: autorizacoesBeneficiariosRequestSchema,
        response: respostas(autorizacoesBeneficiariosResponseSchema),
      },
    },
    async (request) => autorizacoes.beneficiariosVisiveis(request.membro),
  );

  app.post(
    '/Autorizacoes/ListarAutorizacoes',
    { schema: { body: listarAutorizacoesRequestSchema, response: respostas(listarAutorizacoesResponseSchema) } },
    async (request) => ({
      autorizacoes: await autorizacoes.listar(request.membro, request.body.codigoBeneficiario),
    }),
  );
};
