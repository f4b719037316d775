import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError, ErrorCode } from '@portal/contract';
import { AppError, MENSAGEM_ERRO_INTERNO } from '../lib/app-error';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  aguardarSegundos?: number,
) {
  const body: ApiError = { sucesso: false, code, message, erro: message };
  if (aguardarSegundos !== undefined) {
    body.aguardarSegundos = aguardarSegundos;
    reply.header('retry-after', String(aguardarSegundos));
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx (parser, limits) in Portuguese, with the one error shape. */
function fromFastify(err: FastifyError): [number, ErrorCode, string] | undefined {
  const status = err.statusCode ?? 500;
  if (status >= 500) return undefined;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 'PAYLOAD_GRANDE', 'Os dados enviados são grandes demais.'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 'DADOS_INVALIDOS', 'Formato não suportado. Envie os dados em JSON (application/json).'];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 'DADOS_INVALIDOS', 'Dados inválidos. Envie os dados em JSON.'];
  }
  if (status === 413) return [413, 'PAYLOAD_GRANDE', 'Os dados enviados são grandes demais.'];
  if (status === 404) return [404, 'NAO_ENCONTRADO', 'Recurso não encontrado.'];
  if (status === 415)
    return [415, 'DADOS_INVALIDOS', 'Formato não suportado. Envie os dados em JSON (application/json).'];
  return [status, 'DADOS_INVALIDOS', 'Dados inválidos. Verifique os dados informados.'];
}

/** One error shape for everything; 5xx bodies carry only the generic message (logged server-side). */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendError(reply, err.statusCode, err.code, err.message, err.aguardarSegundos);
    const mapped = fromFastify(err);
    if (mapped) return sendError(reply, ...mapped);
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 500, 'ERRO_INTERNO', MENSAGEM_ERRO_INTERNO);
  });
});
