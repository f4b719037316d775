import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  baixarAnexoProtocoloRequestSchema,
  baixarRespostaProtocoloRequestSchema,
  detalheProtocoloRequestSchema,
  detalheProtocoloResponseSchema,
  listarProtocolosRequestSchema,
  listarProtocolosResponseSchema,
  pdfSchema,
} from '@portal/contract';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';

/**
 * 'Meus Protocolos' (member group, decision 0017): list and search, one protocol, its answer as a
 * PDF, and the PDF the operator attached to its answer (decision 0032).
 */
export const protocolosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protocolos } = app.services;

  app.post(
    '/Protocolos/Listar',
    { schema: { body: listarProtocolosRequestSchema, response: respostas(listarProtocolosResponseSchema) } },
    async (request) => protocolos.listar(request.membro, request.body),
  );

  app.post(
    '/Protocolos/Detalhe',
    { schema: { body: detalheProtocoloRequestSchema, response: respostas(detalheProtocoloResponseSchema) } },
    async (request) => protocolos.detalhe(request.membro, request.body.protocolo),
  );

  app.post(
    '/Protocolos/BaixarResposta',
    {
      schema: {
        body: baixarRespostaProtocoloRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: {
            description: 'O protocolo e sua resposta (PDF).',
            content: { 'application/pdf': { schema: pdfSchema } },
          },
        },
      },
    },
    async (request, reply) => enviarPdf(reply, await protocolos.baixarResposta(request.membro, request.body.protocolo)),
  );

  app.post(
    '/Protocolos/BaixarAnexo',
    {
      schema: {
        body: baixarAnexoProtocoloRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: {
            description: 'O PDF que a operadora anexou à resposta, como ela o enviou (sempre para baixar).',
            content: { 'application/pdf': { schema: pdfSchema } },
          },
        },
      },
    },
    // The operator's own file, not one the portal made: always saved (attachment), never rendered
    // by sniffing (nosniff, set on every answer), never kept by a cache.
    async (request, reply) =>
      enviarPdf(reply, await protocolos.baixarAnexo(request.membro, request.body.protocolo), {
        baixar: true,
        semCache: true,
      }),
  );
};
