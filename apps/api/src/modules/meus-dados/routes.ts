import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  encerrarOutrasSessoesRequestSchema,
  encerrarOutrasSessoesResponseSchema,
  exportacaoMeusDadosSchema,
  exportarMeusDadosRequestSchema,
  idempotencyHeadersSchema,
  listarAcessosRequestSchema,
  listarAcessosResponseSchema,
  listarConsentimentosRequestSchema,
  listarConsentimentosResponseSchema,
  pdfSchema,
  revogarConsentimentoRequestSchema,
  revogarConsentimentoResponseSchema,
  solicitarCorrecaoRequestSchema,
  solicitarCorrecaoResponseSchema,
} from '@portal/contract';
import { contentDisposition } from '../../lib/nome-arquivo';
import { originOf } from '../../lib/request';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';

/** 'Meus dados' (issue 8, LGPD art. 18, decision 0019): member group. */
export const meusDadosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { meusDados } = app.services;

  app.post(
    '/MeusDados/Exportar',
    { schema: { body: exportarMeusDadosRequestSchema, response: respostas(exportacaoMeusDadosSchema) } },
    async (request, reply) => {
      const dados = await meusDados.exportar(request.membro, originOf(request), 'json');
      reply.header('content-disposition', contentDisposition(meusDados.nomeJson()));
      reply.header('cache-control', 'no-store');
      return dados;
    },
  );

  app.post(
    '/MeusDados/ExportarPdf',
    {
      schema: {
        body: exportarMeusDadosRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: { description: 'Meus dados (PDF).', content: { 'application/pdf': { schema: pdfSchema } } },
        },
      },
    },
    async (request, reply) =>
      enviarPdf(reply, await meusDados.exportarPdf(request.membro, originOf(request)), {
        baixar: true,
        semCache: true,
      }),
  );

  app.post(
    '/MeusDados/Consentimentos',
    { schema: { body: listarConsentimentosRequestSchema, response: respostas(listarConsentimentosResponseSchema) } },
    async (request) => meusDados.consentimentos(request.membro),
  );

  app.post(
    '/MeusDados/RevogarConsentimento',
    {
      schema: {
        body: revogarConsentimentoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(revogarConsentimentoResponseSchema),
      },
    },
    async (request) => meusDados.revogar(request.membro, request.body.idConsentimento, envioDe(request)),
  );

  app.post(
    '/MeusDados/Acessos',
    { schema: { body: listarAcessosRequestSchema, response: respostas(listarAcessosResponseSchema) } },
    async (request) => meusDados.acessos(request.membro),
  );

  app.post(
    '/MeusDados/EncerrarOutrasSessoes',
    {
      schema: { body: encerrarOutrasSessoesRequestSchema, response: respostas(encerrarOutrasSessoesResponseSchema) },
    },
    async (request) => meusDados.encerrarOutrasSessoes(request.membro, originOf(request)),
  );

  app.post(
    '/MeusDados/SolicitarCorrecao',
    {
      schema: {
        body: solicitarCorrecaoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(solicitarCorrecaoResponseSchema),
      },
    },
    async (request) => meusDados.solicitarCorrecao(request.membro, request.body, envioDe(request)),
  );
};
