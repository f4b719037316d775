import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aceiteTermoAdesaoRequestSchema,
  aceiteTermoAdesaoResponseSchema,
  confirmarContratacaoRequestSchema,
  confirmarContratacaoResponseSchema,
  enviarSmsServicoRequestSchema,
  enviarSmsServicoResponseSchema,
  idempotencyHeadersSchema,
  ofertaServicoRequestSchema,
  ofertaServicoResponseSchema,
  SERVICOS_ADICIONAIS,
  type ServicoAdicional,
} from '@portal/contract';
import { originOf } from '../../lib/request';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** docs/produto/comercial.md "Calls": the same four calls under /api/Servicos/Sos/ and /api/Servicos/Ortopedico/. */
export const servicosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { servicos } = app.services;

  for (const servico of Object.keys(SERVICOS_ADICIONAIS) as ServicoAdicional[]) {
    const base = `/Servicos/${SERVICOS_ADICIONAIS[servico].segmento}`;

    app.post(
      `${base}/Beneficiarios`,
      { schema: { body: ofertaServicoRequestSchema, response: respostas(ofertaServicoResponseSchema) } },
      async (request) => servicos.oferta(request.membro, servico),
    );

    app.post(
      `${base}/AceiteTermoAdesao`,
      { schema: { body: aceiteTermoAdesaoRequestSchema, response: respostas(aceiteTermoAdesaoResponseSchema) } },
      async (request) =>
        servicos.aceitarTermo(
          request.membro,
          servico,
          request.body.codigoMatriculasBeneficiariosAlvo,
          originOf(request),
        ),
    );

    app.post(
      `${base}/EnviarSms`,
      { schema: { body: enviarSmsServicoRequestSchema, response: respostas(enviarSmsServicoResponseSchema) } },
      async (request) => servicos.enviarSms(request.membro, servico, originOf(request)),
    );

    app.post(
      `${base}/ConfirmarContratacao`,
      {
        schema: {
          body: confirmarContratacaoRequestSchema,
          headers: idempotencyHeadersSchema,
          response: respostas(confirmarContratacaoResponseSchema),
        },
      },
      async (request) => servicos.confirmar(request.membro, servico, request.body, envioDe(request)),
    );
  }
};
