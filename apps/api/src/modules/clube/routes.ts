import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  resgatarAcessoClubeRequestSchema,
  resgatarAcessoClubeResponseSchema,
  smartLinkLoginRequestSchema,
  smartLinkLoginResponseSchema,
  validarLinkClubeRequestSchema,
  validarLinkClubeResponseSchema,
} from '@portal/contract';
import { originOf } from '../../lib/request';
import { respostas } from '../../lib/schema';
import { sendError } from '../../plugins/errors';
import { envioDe } from '../../core/solicitacoes/pedido';

/** docs/produto/beneficios.md "Calls": the benefits club (member group). */
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
 * revoked in 'Meus dados' stops working (decision 0019). It only answers the situation; the
 * name and CPF come from Clube/ResgatarAcesso.
 */
export const parceiroClubeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clube } = app.services;

  app.post(
    '/Clube/ValidarLink',
    { schema: { body: validarLinkClubeRequestSchema, response: respostas(validarLinkClubeResponseSchema) } },
    async (request) => clube.validarLink(request.body.token, originOf(request)),
  );
};

/**
 * The partner's server redeems the code of a club link (issue 13): no API token, no session, its
 * own secret instead (`Authorization: Bearer <CLUBE_SECRET>`). Answers the name and CPF once.
 */
export const resgateClubeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clube } = app.services;

  app.addHook('onRequest', async (request, reply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (clube.parceiroAutentico(m?.[1])) return;
    await clube.parceiroRecusado(originOf(request));
    reply.header('www-authenticate', 'Bearer realm="clube"');
    return sendError(reply, 401, 'TOKEN_INVALIDO', 'Credencial do parceiro inválida.');
  });

  app.post(
    '/Clube/ResgatarAcesso',
    { schema: { body: resgatarAcessoClubeRequestSchema, response: respostas(resgatarAcessoClubeResponseSchema) } },
    async (request) => clube.resgatar(request.body.token, originOf(request)),
  );
};
