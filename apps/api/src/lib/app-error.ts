import type { ApiError, ErrorCode } from '@portal/contract';

/** Optional fields of the error body beyond code, message and wait (e.g. codigoEmAberto). */
export type ErrorDetails = Pick<ApiError, 'codigoEmAberto'>;

/** A failure meant for the member: status, code and a Portuguese message (0002 error shape). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly aguardarSegundos?: number,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const MENSAGEM_ERRO_INTERNO = 'Erro interno do servidor. Tente novamente em alguns minutos.';
export const MENSAGEM_SESSAO_INVALIDA = 'Sessão inválida ou expirada. Faça login novamente.';

export function dadosInvalidos(message = 'Dados inválidos. Verifique os dados informados.'): AppError {
  return new AppError(400, 'DADOS_INVALIDOS', message);
}

/** 'Muitas tentativas. Tente novamente em 15 minutos.' */
export function muitasTentativas(segundos: number): AppError {
  const s = Math.max(1, Math.ceil(segundos));
  return new AppError(429, 'MUITAS_TENTATIVAS', `Muitas tentativas. Tente novamente em ${formatWait(s)}.`, s);
}

export function formatWait(segundos: number): string {
  if (segundos < 60) return segundos === 1 ? '1 segundo' : `${segundos} segundos`;
  const min = Math.ceil(segundos / 60);
  return min === 1 ? '1 minuto' : `${min} minutos`;
}

/**
 * A dependency (database, Redis) did not answer within its bound or lost its connection: the request
 * answers 503 INDISPONIVEL (plugins/errors.ts), the cause goes to the log only.
 */
export class ServicoIndisponivel extends Error {
  constructor(
    readonly servico: 'banco' | 'redis',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServicoIndisponivel';
  }
}
