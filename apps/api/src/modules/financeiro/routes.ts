import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codigoBarrasResponseSchema,
  declaracaoQuitacaoRequestSchema,
  extratoCoParticipacaoRequestSchema,
  extratoIrpfRequestSchema,
  listarExtratoCoParticipacaoRequestSchema,
  listarExtratoCoParticipacaoResponseSchema,
  listarExtratoIrpfRequestSchema,
  listarExtratoIrpfResponseSchema,
  listarParcelasRequestSchema,
  listarParcelasResponseSchema,
  mensalidadeRequestSchema,
  pdfSchema,
  pixResponseSchema,
} from '@portal/contract';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';

/** A PDF answer in the OpenAPI document: content application/pdf, plus the shared error answers. */
function respostasPdf(descricao: string) {
  return {
    ...respostas(pdfSchema),
    200: { description: descricao, content: { 'application/pdf': { schema: pdfSchema } } },
  };
}

/** docs/produto/financeiro.md "Calls" (member group), plus the receipt, PIX and the clearance letter (issue 6). */
export const financeiroRoutes: FastifyPluginAsyncZod = async (app) => {
  const { financeiro } = app.services;

  app.post(
    '/Financeiro/ListarParcelas',
    { schema: { body: listarParcelasRequestSchema, response: respostas(listarParcelasResponseSchema) } },
    async (request) => financeiro.listarParcelas(request.membro),
  );

  app.post(
    '/Financeiro/CodigoBarras',
    { schema: { body: mensalidadeRequestSchema, response: respostas(codigoBarrasResponseSchema) } },
    async (request) => financeiro.codigoBarras(request.membro, request.body.codigoMensalidade),
  );

  app.post(
    '/Financeiro/BaixarBoleto',
    { schema: { body: mensalidadeRequestSchema, response: respostasPdf('O boleto da mensalidade em aberto (PDF).') } },
    async (request, reply) => enviarPdf(reply, await financeiro.boleto(request.membro, request.body.codigoMensalidade)),
  );

  app.post(
    '/Financeiro/Pix',
    { schema: { body: mensalidadeRequestSchema, response: respostas(pixResponseSchema) } },
    async (request) => financeiro.pix(request.membro, request.body.codigoMensalidade),
  );

  app.post(
    '/Financeiro/Recibo',
    { schema: { body: mensalidadeRequestSchema, response: respostasPdf('O recibo da mensalidade paga (PDF).') } },
    async (request, reply) => enviarPdf(reply, await financeiro.recibo(request.membro, request.body.codigoMensalidade)),
  );

  app.post(
    '/Financeiro/ListarExtratoCoParticipacao',
    {
      schema: {
        body: listarExtratoCoParticipacaoRequestSchema,
        response: respostas(listarExtratoCoParticipacaoResponseSchema),
      },
    },
    async (request) => ({ dados: await financeiro.listarExtratoCoParticipacao(request.membro) }),
  );

  app.post(
    '/Financeiro/ExtratoCoParticipacao',
    {
      schema: {
        body: extratoCoParticipacaoRequestSchema,
        response: respostasPdf('O extrato de coparticipação da competência (PDF).'),
      },
    },
    async (request, reply) =>
      enviarPdf(
        reply,
        await financeiro.extratoCoParticipacao(
          request.membro,
          request.body.anoCompetencia,
          request.body.mesCompetencia,
        ),
      ),
  );

  app.post(
    '/Financeiro/ListarExtratoIRPF',
    { schema: { body: listarExtratoIrpfRequestSchema, response: respostas(listarExtratoIrpfResponseSchema) } },
    async (request) => financeiro.listarExtratoIrpf(request.membro, request.body.ano),
  );

  app.post(
    '/Financeiro/ExtratoIRPF',
    {
      schema: {
        body: extratoIrpfRequestSchema,
        response: respostasPdf('O informe de pagamentos para o IRPF do ano (PDF).'),
      },
    },
    async (request, reply) => enviarPdf(reply, await financeiro.extratoIrpf(request.membro, request.body.ano)),
  );

  app.post(
    '/Financeiro/DeclaracaoQuitacao',
    {
      schema: {
        body: declaracaoQuitacaoRequestSchema,
        response: respostasPdf('A declaração anual de quitação de débitos do ano, Lei nº 12.007/2009 (PDF).'),
      },
    },
    async (request, reply) => enviarPdf(reply, await financeiro.declaracaoQuitacao(request.membro, request.body.ano)),
  );
};
