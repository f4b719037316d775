import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, SITUACOES_PROTOCOLO, TIPOS_PROTOCOLO } from '@portal/contract';
import { originOf } from '../../lib/request';
import { lerPdf, PDF_MAXIMO_BYTES } from '../../core/protocolos/respostas';
import { chaveDe } from './contexto';
import { ERROS_INTEGRACAO } from './schemas';

/**
 * Answers back (issue 17, decision 0032), scope `protocolos`: the operator's queue of protocols by
 * deadline, one protocol, and its answer. Mounted inside the integration group (its key hook and audit).
 */

const numeroSchema = z.object({
  numero: z
    .string()
    .regex(/^\d{20}$/, 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.')
    .describe('O número do protocolo (20 dígitos).'),
});

const listarQuerySchema = z.object({
  situacao: z
    .enum(['abertos', 'todos'], { error: "situacao inválida. Use 'abertos' ou 'todos'." })
    .default('abertos')
    .describe('abertos (padrão): os que aguardam resposta (Aberto, Em análise); todos: também os respondidos.'),
  tipo: z.enum(TIPOS_PROTOCOLO, { error: `tipo inválido. Use um de: ${TIPOS_PROTOCOLO.join(', ')}.` }).optional(),
  venceAte: z.iso
    .date({ error: 'venceAte inválido. Use uma data AAAA-MM-DD.' })
    .optional()
    .describe('Só os com prazo até este dia (AAAA-MM-DD).'),
  cursor: z.string().max(200, 'Cursor inválido.').optional().describe('proximoCursor da página anterior.'),
  limite: z.coerce
    .number({ error: 'limite inválido: de 1 a 200.' })
    .int('limite inválido: de 1 a 200.')
    .min(1, 'limite inválido: de 1 a 200.')
    .max(200, 'limite inválido: de 1 a 200.')
    .default(50),
});

const resumoSchema = z.object({
  protocolo: z.string(),
  tipo: z.enum(TIPOS_PROTOCOLO),
  assunto: z.string(),
  situacao: z.enum(SITUACOES_PROTOCOLO),
  canal: z.string(),
  criadoEm: z.string().describe('ISO 8601.'),
  prazoResposta: z.string().describe('AAAA-MM-DD: o último dia para responder.'),
  prazoDescricao: z.string(),
  diasUteisRestantes: z
    .number()
    .int()
    .nullable()
    .describe(
      'Dias úteis até o prazo, com os feriados nacionais (0: vence hoje; negativo: atrasado). null se respondido.',
    ),
  atrasado: z.boolean(),
  respondidoEm: z.string().nullable(),
  codigoContrato: z.string(),
  codigoBeneficiario: z.string().nullable(),
});

const listaSchema = z.object({
  hoje: z.string().describe('O dia de referência (AAAA-MM-DD, São Paulo).'),
  protocolos: z.array(resumoSchema).describe('Por prazo (os atrasados primeiro), depois por número.'),
  proximoCursor: z.string().nullable(),
});

const detalheSchema = resumoSchema.extend({
  solicitante: z.string().describe('Nome de quem pediu (sem CPF nem contato).'),
  resposta: z.string().nullable(),
  respondidoPor: z
    .string()
    .nullable()
    .describe('integracao:<id da chave>, equipe:<id da conta> (console da equipe) ou null.'),
  historico: z.array(z.object({ em: z.string(), situacao: z.enum(SITUACOES_PROTOCOLO), descricao: z.string() })),
});

const respostaBodySchema = z.object({
  status: z
    .enum(SITUACOES_PROTOCOLO, { error: `status inválido. Use um de: ${SITUACOES_PROTOCOLO.join(', ')}.` })
    .describe('CONCLUIDO ou CANCELADO (EM_ANALISE e ABERTO não respondem: RN 623/2024).'),
  resposta: z
    .string({ error: 'Informe a resposta.' })
    .trim()
    .min(1, 'Informe a resposta.')
    .max(2000, 'A resposta tem no máximo 2000 caracteres.'),
  pdfBase64: z
    .string()
    .optional()
    .describe(`Um PDF anexo (base64), até ${PDF_MAXIMO_BYTES / 1024 ** 2} MB; conferido pelo conteúdo (%PDF-).`),
});

const ERROS = {
  ...ERROS_INTEGRACAO,
  413: apiErrorSchema.describe('O PDF passa de 5 MB.'),
  422: apiErrorSchema.describe('Status que não responde (EM_ANALISE, ABERTO).'),
} as const;

export const protocolosIntegracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { respostasDeProtocolos } = app.services;
  const config = { escopos: ['protocolos'] as const, entidade: 'protocolos' };

  app.get(
    '/protocolos',
    {
      config,
      schema: {
        summary: 'Protocolos por prazo (os atrasados primeiro)',
        querystring: listarQuerySchema,
        response: { 200: listaSchema, ...ERROS_INTEGRACAO },
      },
    },
    async (request) => {
      const r = await respostasDeProtocolos.listar(request.query);
      request.integracao.contagens = { itens: r.protocolos.length };
      return r;
    },
  );

  app.get(
    '/protocolos/:numero',
    {
      config,
      schema: {
        summary: 'Um protocolo, com o histórico e a resposta',
        params: numeroSchema,
        response: { 200: detalheSchema, ...ERROS_INTEGRACAO },
      },
    },
    async (request) => {
      return respostasDeProtocolos.obter(request.params.numero, {
        chaveId: chaveDe(request).id,
        origin: originOf(request),
      });
    },
  );

  app.post(
    '/protocolos/:numero/resposta',
    {
      config,
      // A 5 MB PDF in base64 is about 6.7 MB of JSON.
      bodyLimit: Math.ceil((PDF_MAXIMO_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        summary: 'Responde um protocolo (status e texto, PDF opcional); repetir a mesma resposta não muda nada',
        params: numeroSchema,
        body: respostaBodySchema,
        response: { 200: detalheSchema, ...ERROS },
      },
    },
    async (request) => {
      const { status, resposta, pdfBase64 } = request.body;
      return respostasDeProtocolos.responder(
        request.params.numero,
        { status, resposta, pdf: pdfBase64 === undefined ? null : lerPdf(pdfBase64) },
        { chaveId: chaveDe(request).id, origin: originOf(request) },
      );
    },
  );
};
