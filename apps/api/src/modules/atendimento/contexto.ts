import type { FastifyReply, FastifyRequest } from 'fastify';
import { CABECALHO_EQUIPE, type PapelEquipe } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { originOf } from '../../lib/request';
import type { EquipeAutenticada } from './equipe';
import type { QuemAtende } from './equipe';

/** The staff console's cookies (decision 0033): only ever sent to /api/atendimento. */
export const COOKIE_EQUIPE = 'pb_equipe';
export const COOKIE_EQUIPE_PRE = 'pb_equipe_pre';
export const CAMINHO_COOKIE_EQUIPE = '/api/atendimento';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff roles a route of /api/atendimento accepts (absent: all three). */
    papeis?: readonly PapelEquipe[];
  }
  interface FastifyRequest {
    /** Set by the console's hook before any of its session routes runs; null elsewhere. */
    equipe: EquipeAutenticada | null;
  }
}

export const SEM_PERMISSAO = 'Seu perfil não permite esta ação.';

/**
 * onRequest of the whole console group: a state-changing call must carry `x-portal-equipe: 1`
 * (a form or link from another site cannot set it: the CSRF guard on top of SameSite=Strict).
 */
export async function exigirCabecalhoDaEquipe(request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  if (request.headers[CABECALHO_EQUIPE] !== '1')
    throw new AppError(403, 'SEM_PERMISSAO', 'Requisição recusada: falta o cabeçalho x-portal-equipe.');
}

/**
 * onRequest of the console's session routes: the pb_equipe cookie only (never a member session, an
 * app token or an integration key), then the route's roles.
 */
export async function exigirEquipe(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    request.equipe = await request.server.services.equipe.autenticar(request.cookies[COOKIE_EQUIPE]);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 401)
      reply.clearCookie(COOKIE_EQUIPE, { path: CAMINHO_COOKIE_EQUIPE });
    throw err;
  }
  const papeis = request.routeOptions.config.papeis;
  if (papeis && !papeis.includes(request.equipe.conta.papel)) throw new AppError(403, 'SEM_PERMISSAO', SEM_PERMISSAO);
}

/** Who acts, for a handler past exigirEquipe. */
export function quemAtende(request: FastifyRequest): QuemAtende {
  const equipe = request.equipe;
  if (!equipe) throw new Error('staff route reached without a staff session');
  return { equipe, origin: originOf(request) };
}
