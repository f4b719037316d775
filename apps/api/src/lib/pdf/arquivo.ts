import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../nome-arquivo';

/** A PDF and the file name it is offered under. */
export interface Arquivo {
  pdf: Buffer;
  nome: string;
}

/**
 * The one PDF answer of every area: shown in the browser (`inline`, the default) or saved
 * (`baixar`), and with `semCache` never kept by a shared cache (personal data the member asked for).
 */
export function enviarPdf(
  reply: FastifyReply,
  a: Arquivo,
  { baixar = false, semCache = false }: { baixar?: boolean; semCache?: boolean } = {},
) {
  if (semCache) reply.header('cache-control', 'no-store');
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(a.nome, { baixar, padrao: 'documento.pdf' }))
    .send(a.pdf);
}
