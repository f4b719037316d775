import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cienciaCancelamentoRequestSchema,
  cienciaCancelamentoResponseSchema,
  comprovanteCancelamentoRequestSchema,
  confirmarCancelamentoRequestSchema,
  confirmarCancelamentoResponseSchema,
  enviarSmsCancelamentoRequestSchema,
  enviarSmsCancelamentoResponseSchema,
  idempotencyHeadersSchema,
  opcoesCancelamentoRequestSchema,
  opcoesCancelamentoResponseSchema,
  pdfSchema,
} from '@portal/contract';
import { originOf } from '../../lib/request';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** Online cancellation of the plan by the holder (issue 8, RN 561/2022, decision 0018). */
export const cancelamentoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cancelamento } = app.services;

  app.post(
    '/Cancelamento/Opcoes',
    { schema: { body: opcoesCancelamentoRequestSchema, response: respostas(opcoesCancelamentoResponseSchema) } },
    async (request) => cancelamento.opcoes(request.membro),
  );

  app.post(
    '/Cancelamento/RegistrarCiencia',
    { schema: { body: cienciaCancelamentoRequestSchema, response: respostas(cienciaCancelamentoResponseSchema) } },
    async (request) => cancelamento.registrarCiencia(request.membro, request.body, originOf(request)),
  );

  app.post(
    '/Cancelamento/EnviarSms',
    { schema: { body: enviarSmsCancelamentoRequestSchema, response: respostas(enviarSmsCancelamentoResponseSchema) } },
    async (request) => cancelamento.enviarSms(request.membro, originOf(request)),
  );

  app.post(
    '/Cancelamento/Confirmar',
    {
      schema: {
        body: confirmarCancelamentoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(confirmarCancelamentoResponseSchema),
      },
    },
    async (request) => cancelamento.confirmar(request.membro, request.body, envioDe(request)),
  );

  app.post(
    '/Cancelamento/Comprovante',
    {
      schema: {
        body: comprovanteCancelamentoRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: { description: 'O comprovante (PDF).', content: { 'application/pdf': { schema: pdfSchema } } },
        },
      },
    },
    async (request, reply) => enviarPdf(reply, await cancelamento.comprovante(request.membro, request.body.protocolo)),
  );
};
