import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adicionarDependenteRequestSchema,
  adicionarDependenteResponseSchema,
  contatoInicialRequestSchema,
  contatoInicialResponseSchema,
  entrevistaConsultarRequestSchema,
  entrevistaConsultarResponseSchema,
  idempotencyHeadersSchema,
  questionarioConsultarRequestSchema,
  questionarioConsultarResponseSchema,
} from '@portal/contract';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** docs/produto/comercial.md "Calls" (member group). */
export const vendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { venda } = app.services;

  app.post(
    '/Venda/AdicionarDependente',
    {
      schema: {
        body: adicionarDependenteRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(adicionarDependenteResponseSchema),
      },
    },
    async (request) => venda.adicionarDependentes(request.membro, request.body.novosDependentes, envioDe(request)),
  );

  app.post(
    '/Venda/ContatoInicial',
    {
      schema: {
        body: contatoInicialRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(contatoInicialResponseSchema),
      },
    },
    async (request) => venda.contatoInicial(request.membro, request.body, envioDe(request)),
  );

  app.post(
    '/Venda/Entrevista/Consultar',
    { schema: { body: entrevistaConsultarRequestSchema, response: respostas(entrevistaConsultarResponseSchema) } },
    async (request) => venda.consultarSolicitacoes(request.membro),
  );

  app.post(
    '/Venda/Questionario/Consultar',
    {
      schema: { body: questionarioConsultarRequestSchema, response: respostas(questionarioConsultarResponseSchema) },
    },
    async () => venda.questionario(),
  );
};
