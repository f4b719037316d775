import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  documentosPedidosSchema,
  reembolsoDetalheSchema,
  SITUACOES_REEMBOLSO,
  textoDoPedidoDeDocumentos,
  textoLivre,
} from '@portal/contract';
import { dadosInvalidos } from '../../lib/app-error';
import { contentDisposition } from '../../lib/nome-arquivo';

/**
 * The operator's side of Reembolso (issue 18, decision 0034) in the integration API, scope
 * `protocolos`: the queue by legal deadline, one request with its attachments (and the full bank
 * data, which the member's screens mask), an attachment's bytes, and the status changes. Mounted
 * inside the integration group (modules/integracao/routes.ts: its key hook, scopes, limit and audit).
 */

const ERROS = {
  400: apiErrorSchema.describe('Dados inválidos (mensagem em português).'),
  401: apiErrorSchema.describe('Chave de integração ausente, inválida, expirada ou revogada.'),
  403: apiErrorSchema.describe('A chave não tem o escopo exigido pela chamada.'),
  404: apiErrorSchema.describe('Reembolso ou anexo não encontrado.'),
  409: apiErrorSchema.describe('A situação atual não permite a mudança.'),
  422: apiErrorSchema.describe('Regra não atendida (valor acima do pago, data inválida).'),
  429: apiErrorSchema.describe('Limite de chamadas por minuto da chave atingido; aguarde `aguardarSegundos`.'),
} as const;

const protocoloSchema = z.object({
  protocolo: z.string().regex(/^\d{20}$/, 'Número de protocolo inválido: informe os 20 dígitos, sem pontos.'),
});

export const reembolsoOperadorSchema = reembolsoDetalheSchema.extend({
  codigoContrato: z.string(),
  codigoBeneficiario: z.string(),
  dadosPagamento: z
    .record(z.string(), z.string())
    .describe('Conta (banco, agencia, conta, tipoConta) ou PIX (tipoChave, chave) do titular, sem máscara.'),
});

const filaQuerySchema = z.object({
  situacao: z
    .enum(SITUACOES_REEMBOLSO, { error: `situacao inválida. Use uma de: ${SITUACOES_REEMBOLSO.join(', ')}.` })
    .optional()
    .describe('Só esta situação (padrão: as abertas — recebido, em_analise, pendente, aprovado).'),
  limite: z.coerce
    .number({ error: 'limite inválido: de 1 a 200.' })
    .int('limite inválido: de 1 a 200.')
    .min(1, 'limite inválido: de 1 a 200.')
    .max(200, 'limite inválido: de 1 a 200.')
    .default(50),
});

const arquivoSchema = z.string().meta({ format: 'binary' });

const dia = (mensagem: string) => z.iso.date({ error: mensagem });

export const reembolsosIntegracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reembolso } = app.services;
  const por = (chaveId: string | undefined) => `integracao:${chaveId ?? 'desconhecida'}`;
  const config = { escopos: ['protocolos' as const], entidade: 'reembolsos' };

  app.get(
    '/reembolsos',
    {
      config,
      schema: {
        summary: 'Reembolsos por prazo legal de pagamento (os pendentes, sem prazo correndo, por último)',
        querystring: filaQuerySchema,
        response: { 200: z.object({ reembolsos: z.array(reembolsoOperadorSchema) }), ...ERROS },
      },
    },
    async (request) => {
      const { situacao, limite } = request.query;
      const lista = await reembolso.filaOperador(limite, situacao ? [situacao] : undefined);
      return { reembolsos: lista };
    },
  );

  app.get(
    '/reembolsos/:protocolo',
    {
      config,
      schema: {
        summary: 'Um reembolso, com anexos e histórico',
        params: protocoloSchema,
        response: { 200: reembolsoOperadorSchema, ...ERROS },
      },
    },
    async (request) => {
      return reembolso.detalheOperador(request.params.protocolo);
    },
  );

  app.get(
    '/reembolsos/:protocolo/anexos/:id',
    {
      config,
      schema: {
        summary: 'Os bytes de um anexo (como guardados: imagens regravadas sem metadados)',
        params: protocoloSchema.extend({ id: z.string().regex(/^anx_[0-9a-f]{32}$/, 'Anexo inválido.') }),
        response: {
          200: {
            description: 'O arquivo (PDF, JPEG ou PNG).',
            content: { 'application/octet-stream': { schema: arquivoSchema } },
          },
          ...ERROS,
        },
      },
    },
    async (request, reply) => {
      const a = await reembolso.anexoOperador(request.params.protocolo, request.params.id);
      return reply
        .type(a.anexo.tipoArquivo)
        .header('content-disposition', contentDisposition(a.anexo.nomeArquivo))
        .header('cache-control', 'no-store')
        .send(a.stream as never);
    },
  );

  const mudanca = <S extends z.ZodType>(
    caminho: string,
    summary: string,
    body: S,
    fazer: (protocolo: string, corpo: z.output<S>, quem: string) => Promise<unknown>,
  ) =>
    app.post(
      `/reembolsos/:protocolo/${caminho}`,
      {
        config,
        schema: { summary, params: protocoloSchema, body, response: { 200: reembolsoOperadorSchema, ...ERROS } },
      },
      async (request) => {
        const { protocolo } = request.params as z.infer<typeof protocoloSchema>;
        await fazer(protocolo, request.body as z.output<S>, por(request.integracao.chave?.id));
        return reembolso.detalheOperador(protocolo);
      },
    );

  mudanca('analise', 'Inicia a análise (recebido → em_analise)', z.object({}), (p, _b, quem) =>
    reembolso.iniciarAnalise(p, quem),
  );
  mudanca(
    'pendencia',
    'Pede documentos (→ pendente; o prazo de 30 dias fica parado até o envio)',
    z.object({
      pergunta: textoLivre({ multilinha: true, error: 'Informe o que falta.' })
        .min(1, 'Informe o que falta.')
        .max(1000, 'No máximo 1000 caracteres.'),
      documentos: documentosPedidosSchema.optional(),
    }),
    (p, b, quem) => {
      // As the console's (decision 0067): the list kept as data, and written before the text the member reads.
      const pergunta = textoDoPedidoDeDocumentos(b.documentos ?? [], b.pergunta);
      if (pergunta.length > 1000)
        throw dadosInvalidos('O pedido ficou com mais de 1000 caracteres com a lista de documentos: encurte o texto.');
      return reembolso.pedirDocumentos(p, pergunta, quem, undefined, b.documentos ?? []);
    },
  );
  mudanca(
    'aprovacao',
    'Aprova (valor em reais, data prevista de pagamento)',
    z.object({
      valor: z.number({ error: 'Informe o valor aprovado.' }).positive('Informe o valor aprovado.'),
      previsaoPagamento: dia('previsaoPagamento inválida: use AAAA-MM-DD.'),
    }),
    (p, b, quem) => reembolso.aprovar(p, b, quem),
  );
  mudanca(
    'negativa',
    'Nega (com o motivo, que o beneficiário lê)',
    z.object({
      motivo: textoLivre({ multilinha: true, error: 'Informe o motivo.' })
        .min(1, 'Informe o motivo.')
        .max(1000, 'No máximo 1000 caracteres.'),
    }),
    (p, b, quem) => reembolso.negar(p, b.motivo, quem),
  );
  mudanca(
    'pagamento',
    'Marca como pago (aprovado → pago)',
    z.object({ pagoEm: dia('pagoEm inválida: use AAAA-MM-DD.').optional() }),
    (p, b, quem) => reembolso.marcarPago(p, b, quem),
  );
};
