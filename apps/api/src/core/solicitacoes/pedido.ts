import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@portal/contract';
import { originOf } from '../../lib/request';
import type { Origin } from '../auditoria/repository';

/** What a stored request carries from HTTP into its service (see SolicitacoesService.registrar). */
export interface Envio {
  origin: Origin;
  rota: string;
  chave: string | undefined;
  corpo: unknown;
}

/** The route's Idempotency-Key (validated by the route's header schema), origin and body. */
export function envioDe(request: FastifyRequest): Envio {
  const chave = request.headers[IDEMPOTENCY_HEADER];
  return {
    origin: originOf(request),
    rota: request.routeOptions.url ?? request.url,
    chave: typeof chave === 'string' && chave ? chave : undefined,
    corpo: request.body,
  };
}

/** A unique index said no (PostgreSQL and PGlite both report SQLSTATE 23505). */
export function violouUnicidade(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
