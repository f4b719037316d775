import {
  apiErrorSchema,
  equipeAtivaResponseSchema,
  numeroProtocoloParamsSchema,
  PAPEIS_QUE_REATRIBUEM,
  presencaResponseSchema,
  responsavelProtocoloRequestSchema,
  responsavelProtocoloResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quemAtende } from './contexto';

/**
 * Who is on a protocol (issue 31, decision 0055), registered inside atendimentoRoutes (staff
 * session, x-portal-equipe on writes, roles). The owner's rule is decidirResponsavel's
 * (responsavel.ts); the list of people to assign to is for the roles that may reassign.
 */

const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Sem sessão da equipe, ou sessão expirada.'),
  403: apiErrorSchema.describe('O perfil não permite a ação, ou falta o cabeçalho x-portal-equipe.'),
  404: apiErrorSchema.describe('Protocolo ou pessoa da equipe não encontrada.'),
} as const;

export const responsavelRoutes: FastifyPluginAsyncZod = async (app) => {
  const quemEsta = () => app.services.atendimento.quemEsta;

  app.post(
    '/protocolos/:numero/responsavel',
    {
      schema: {
        summary:
          'Assumir, liberar ou atribuir um protocolo (de outra pessoa, ou para outra pessoa: supervisor ou administrador)',
        params: numeroProtocoloParamsSchema,
        body: responsavelProtocoloRequestSchema,
        response: {
          200: responsavelProtocoloResponseSchema,
          ...ERROS,
          409: apiErrorSchema.describe('O protocolo já foi respondido: não se assume nem se atribui.'),
        },
      },
    },
    async (request) => ({
      responsavel: await quemEsta().mudar(request.params.numero, request.body, quemAtende(request)),
    }),
  );

  app.post(
    '/protocolos/:numero/presenca',
    {
      schema: {
        summary: 'Estou com este protocolo aberto (a cada 20 s; vale 45 s): quem mais está',
        params: numeroProtocoloParamsSchema,
        body: z.object({}).optional(),
        response: { 200: presencaResponseSchema, ...ERROS },
      },
    },
    async (request) => ({ presentes: await quemEsta().marcarPresenca(request.params.numero, quemAtende(request)) }),
  );

  app.delete(
    '/protocolos/:numero/presenca',
    {
      schema: {
        summary: 'Fechei este protocolo (os outros deixam de me ver aberto)',
        params: numeroProtocoloParamsSchema,
        response: { 204: z.null(), ...ERROS },
      },
    },
    async (request, reply) => {
      await quemEsta().sair(request.params.numero, quemAtende(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/equipe',
    {
      config: { papeis: PAPEIS_QUE_REATRIBUEM },
      schema: {
        summary: 'As pessoas ativas da equipe, a quem se pode atribuir um protocolo (supervisor ou administrador)',
        response: { 200: equipeAtivaResponseSchema, ...ERROS },
      },
    },
    async () => ({ contas: await quemEsta().equipeAtiva() }),
  );
};
