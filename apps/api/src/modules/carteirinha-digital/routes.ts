import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  baixarCarteirinhaPdfRequestSchema,
  gerarQrCodeRequestSchema,
  gerarQrCodeResponseSchema,
  pdfSchema,
  verificarCarteirinhaRequestSchema,
  verificarCarteirinhaResponseSchema,
} from '@portal/contract';
import { originOf } from '../../lib/request';
import { enviarPdf } from '../../lib/pdf/arquivo';
import { respostas } from '../../lib/schema';

/** Digital card calls of the member (member group): the QR proof of a card, and the card as a PDF. */
export const carteirinhaDigitalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { carteirinhaDigital } = app.services;

  app.post(
    '/CarteirinhaDigital/GerarQrCode',
    { schema: { body: gerarQrCodeRequestSchema, response: respostas(gerarQrCodeResponseSchema) } },
    async (request) => carteirinhaDigital.gerarQrCode(request.membro, request.body.numeroCarteirinha),
  );

  app.post(
    '/CarteirinhaDigital/BaixarPdf',
    {
      schema: {
        body: baixarCarteirinhaPdfRequestSchema,
        response: {
          ...respostas(pdfSchema),
          200: { description: 'A carteirinha (PDF).', content: { 'application/pdf': { schema: pdfSchema } } },
        },
      },
    },
    async (request, reply) =>
      enviarPdf(reply, await carteirinhaDigital.pdf(request.membro, request.body.numeroCarteirinha), { baixar: true }),
  );
};

/**
 * The clinic's check (/verificar-carteirinha): the app token only, no member session — whoever
 * holds a genuine, live proof may learn whose card it is and whether it covers today.
 */
export const verificarCarteirinhaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { carteirinhaDigital } = app.services;

  app.post(
    '/CarteirinhaDigital/Verificar',
    { schema: { body: verificarCarteirinhaRequestSchema, response: respostas(verificarCarteirinhaResponseSchema) } },
    async (request) => carteirinhaDigital.verificar(request.body.token, originOf(request)),
  );
};
