import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anexoReembolsoSchema,
  apiErrorSchema,
  baixarAnexoReembolsoRequestSchema,
  enviarAnexoHeadersSchema,
  enviarAnexoQuerySchema,
  idempotencyHeadersSchema,
  LIMITES_REEMBOLSO,
  listarReembolsosRequestSchema,
  listarReembolsosResponseSchema,
  pdfSchema,
  previaReembolsoRequestSchema,
  previaReembolsoResponseSchema,
  reembolsoDetalheSchema,
  reembolsoProtocoloRequestSchema,
  responderPendenciaRequestSchema,
  responderPendenciaResponseSchema,
  solicitarReembolsoRequestSchema,
  solicitarReembolsoResponseSchema,
  ultimoPagamentoRequestSchema,
  ultimoPagamentoResponseSchema,
  verificarReciboRequestSchema,
  verificarReciboResponseSchema,
} from '@portal/contract';
import { z } from 'zod';
import { contentDisposition } from '../../lib/nome-arquivo';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';
import { envioDe } from '../../core/solicitacoes/pedido';
import { arquivoGrande } from './arquivos';

const MB = LIMITES_REEMBOLSO.bytesPorArquivo / 1024 ** 2;
const arquivoSchema = z.string().meta({ format: 'binary' });

/** Reembolso (issue 18, decision 0034), member group: /api/Reembolso/… */
export const reembolsoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reembolso } = app.services;

  // The upload: the body is the file itself, streamed (no parser buffers it); the session code
  // comes in the x-codigo-sessao header.
  await app.register(async (envio) => {
    envio.removeAllContentTypeParsers();
    envio.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    envio.post(
      '/Reembolso/Anexos',
      {
        config: { sessaoNoCabecalho: true, envioLongo: true },
        schema: {
          summary: 'Envia um anexo do reembolso (um arquivo por chamada)',
          description:
            `O corpo é o próprio arquivo (qualquer Content-Type; o tipo é conferido pelo conteúdo): PDF, JPEG, PNG ou HEIC, até ${MB} MB. ` +
            'Imagens são regravadas sem metadados (EXIF/GPS); HEIC é guardado como JPEG. O código da sessão vai no cabeçalho ' +
            'x-codigo-sessao; com Idempotency-Key, repetir o envio devolve o mesmo anexo.',
          consumes: ['application/octet-stream', 'application/pdf', 'image/jpeg', 'image/png', 'image/heic'],
          querystring: enviarAnexoQuerySchema,
          headers: enviarAnexoHeadersSchema,
          body: z
            .custom<Readable>((v) => v instanceof Readable, { message: 'Envie o arquivo no corpo da requisição.' })
            .meta({ type: 'string', format: 'binary' }),
          response: {
            ...respostas(anexoReembolsoSchema),
            413: apiErrorSchema.describe('O arquivo passa de 10 MB.'),
            415: apiErrorSchema.describe('Tipo de arquivo não aceito (conferido pelo conteúdo).'),
          },
        },
      },
      async (request, reply) => {
        const corpo = request.body as Readable;
        const tamanho = Number(request.headers['content-length'] ?? 0);
        if (tamanho > LIMITES_REEMBOLSO.bytesPorArquivo) {
          // Refused from the header: the body is not read, and the connection closes after the answer.
          reply.header('connection', 'close');
          throw arquivoGrande();
        }
        const chave = request.headers['idempotency-key'];
        const query = request.query as z.infer<typeof enviarAnexoQuerySchema>;
        return reembolso.enviarAnexo(request.membro, corpo, {
          documento: query.documento,
          nome: query.nome,
          chave: typeof chave === 'string' ? chave.toLowerCase() : undefined,
        });
      },
    );
  });

  app.post(
    '/Reembolso/Previa',
    { schema: { body: previaReembolsoRequestSchema, response: respostas(previaReembolsoResponseSchema) } },
    async (request) => reembolso.previa(request.membro, request.body),
  );

  app.post(
    '/Reembolso/VerificarRecibo',
    {
      schema: {
        summary: 'Diz se o contrato já enviou este recibo (prestador, número e data do atendimento)',
        body: verificarReciboRequestSchema,
        response: respostas(verificarReciboResponseSchema),
      },
    },
    async (request) => reembolso.verificarRecibo(request.membro, request.body),
  );

  app.post(
    '/Reembolso/Solicitar',
    {
      schema: {
        body: solicitarReembolsoRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(solicitarReembolsoResponseSchema),
      },
    },
    async (request) => reembolso.solicitar(request.membro, request.body, envioDe(request)),
  );

  app.post(
    '/Reembolso/Listar',
    { schema: { body: listarReembolsosRequestSchema, response: respostas(listarReembolsosResponseSchema) } },
    async (request) => reembolso.listar(request.membro),
  );

  app.post(
    '/Reembolso/UltimoPagamento',
    {
      schema: {
        summary: 'Os dados de pagamento do último pedido do beneficiário neste contrato (para oferecer de novo)',
        body: ultimoPagamentoRequestSchema,
        response: respostas(ultimoPagamentoResponseSchema),
      },
    },
    async (request) => reembolso.ultimoPagamento(request.membro),
  );

  app.post(
    '/Reembolso/Detalhe',
    { schema: { body: reembolsoProtocoloRequestSchema, response: respostas(reembolsoDetalheSchema) } },
    async (request) => reembolso.detalhe(request.membro, request.body.protocolo),
  );

  app.post(
    '/Reembolso/ResponderPendencia',
    {
      schema: {
        body: responderPendenciaRequestSchema,
        headers: idempotencyHeadersSchema,
        response: respostas(responderPendenciaResponseSchema),
      },
    },
    async (request) => reembolso.responderPendencia(request.membro, request.body, envioDe(request)),
  );

  app.post(
    '/Reembolso/BaixarAnexo',
    {
      schema: {
        body: baixarAnexoReembolsoRequestSchema,
        response: {
          ...respostas(arquivoSchema),
          200: {
            description: 'O arquivo como guardado (PDF, JPEG ou PNG).',
            content: { 'application/octet-stream': { schema: arquivoSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const a = await reembolso.baixarAnexo(request.membro, request.body.id);
      return reply
        .type(a.anexo.tipoArquivo)
        .header('content-disposition', contentDisposition(a.anexo.nomeArquivo, { baixar: false }))
        .header('cache-control', 'no-store')
        .send(a.stream as never);
    },
  );

  app.post(
    '/Reembolso/Demonstrativo',
    {
      schema: {
        body: reembolsoProtocoloRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: { description: 'O demonstrativo (PDF).', content: { 'application/pdf': { schema: pdfSchema } } },
        },
      },
    },
    async (request, reply) =>
      enviarPdf(reply, await reembolso.demonstrativo(request.membro, request.body.protocolo), { semCache: true }),
  );
};
