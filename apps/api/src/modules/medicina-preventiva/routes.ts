import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fazerInscricaoRequestSchema, fazerInscricaoResponseSchema, idempotencyHeadersSchema } from '@portal/contract';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** docs/produto/medicina-preventiva.md "Calls": preventive-medicine enrolment (member group). */
export const medicinaPreventivaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { medicinaPreventiva } = app.services;

  app.post(
    '/MedicinaPreventiva/FazerInscricao',
    {
      schema: {
        body: fazerInscricaoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(fazerInscricaoResponseSchema),
      },
    },
    async (request) => medicinaPreventiva.inscrever(request.membro, request.body, envioDe(request)),
  );
};
