import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  smartLinkLoginRequestSchema,
  smartLinkLoginResponseSchema,
  validarLinkClubeRequestSchema,
  validarLinkClubeResponseSchema,
} from '@portal/contract';
import { originOf } from '../../lib/request';
import { respostas } from '../../lib/schema';
import { envioDe } from '../protocolos/pedido';

/** Spec 7 'Other': the benefits club (member group). */
export const clubeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clube } = app.services;

  app.post(
    '/Clube/SmartLinkLogin',
    {
      schema: {
        body: smartLinkLoginRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(smartLinkLoginResponseSchema),
      },
    },
    async (request) => clube.smartLink(request.membro, request.body, envioDe(request)),
  );
};

/**
 * The partner's check of a club link (app token, no member session): a link whose consent was
 * revoked in 'Meus dados' stops working (decision 0019).
 */
export const parceiroClubeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clube } = app.services;

  app.post(
    '/Clube/ValidarLink',
    { schema: { body: validarLinkClubeRequestSchema, response: respostas(validarLinkClubeResponseSchema) } },
    async (request) => clube.validarLink(request.body.token, originOf(request)),
  );
};
