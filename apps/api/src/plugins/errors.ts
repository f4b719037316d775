import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '@portal/contract';
import { AppError, MENSAGEM_ERRO_INTERNO, ServicoIndisponivel, type ErrorDetails } from '../lib/app-error';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  aguardarSegundos?: number,
  details: ErrorDetails = {},
) {
  const body: ApiError = { sucesso: false, code, message, erro: message, ...details };
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

export const MENSAGEM_INDISPONIVEL = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

/**
 * A failure of the database connection rather than of the request: refused or dropped connections,
 * PostgreSQL's shutdown / cannot-connect states (SQLSTATE class 08 and 57P01–57P03), and the bounded
 * waits running out (issue 13): statement_timeout (57014), lock_timeout (55P03),
 * idle_in_transaction_session_timeout (25P03), the pool's wait for a connection, the query timeout.
 */
export function bancoIndisponivel(err: unknown): boolean {
  if (err instanceof ServicoIndisponivel) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '57P05', '57014', '55P03', '25P03'].includes(code)) return true;
  const msg = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|Client was closed and is not queryable/i.test(
    msg,
  );
}

/** zod's generic messages (types, sizes) name no field; the contract's own messages do ('CPF inválido.'). */
const GENERICA = /^(Entrada|Texto|Valor|Número|Chave|Formato|Opção|Muito|Tipo|Esperado)/;

/** The first problem of a request that failed its contract schema, as the member-facing message. */
export function mensagemDeValidacao(issues: { instancePath: string; keyword: string; message?: string }[]): string {
  const first = issues[0];
  if (!first) return 'Dados inválidos. Verifique os dados informados.';
  const campo = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (!campo && first.keyword === 'invalid_type') return 'Dados inválidos. Envie os dados em JSON.';
  const msg = first.message || 'Dados inválidos.';
  return campo && GENERICA.test(msg) ? `${msg} (campo ${campo})` : msg;
}

/** One error shape for everything; 5xx bodies carry only the generic message (logged server-side). */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError)
      return sendError(reply, err.statusCode, err.code, err.message, err.aguardarSegundos, err.details);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(reply, 400, 'DADOS_INVALIDOS', mensagemDeValidacao(err.validation));
    }
    if (isResponseSerializationError(err)) {
      // Our answer broke our own contract: a bug to fix, never the member's fault.
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return sendError(reply, 500, 'ERRO_INTERNO', MENSAGEM_ERRO_INTERNO);
    }
    const mapped = fromFastify(err);
    if (mapped) return sendError(reply, ...mapped);
    if (bancoIndisponivel(err)) {
      // The database (or Redis) is restarting, unreachable or past its bounded wait: say so, so
      // clients and balancers retry.
      request.log.warn(
        { err },
        err instanceof ServicoIndisponivel && err.servico === 'redis' ? 'redis unavailable' : 'database unavailable',
      );
      return sendError(reply, 503, 'INDISPONIVEL', MENSAGEM_INDISPONIVEL, 5);
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 500, 'ERRO_INTERNO', MENSAGEM_ERRO_INTERNO);
  });
});
