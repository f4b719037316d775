import type { FastifyRequest } from 'fastify';
import { type CodigoSessao, perfilAutenticadoSchema } from '@portal/contract';
import { COOKIE_SESSAO } from '../lib/cookies';
import { originOf } from '../lib/request';

function codigoSessaoDe(body: unknown): CodigoSessao | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  // Finance calls spell it PerfilAutenticado (spec 7).
  const perfil = perfilAutenticadoSchema.safeParse(b.perfilAutenticado ?? b.PerfilAutenticado);
  return perfil.success ? perfil.data.codigoSessao : null;
}

/**
 * preValidation hook of the member group (modules/index.ts): the session code of the body and the
 * pb_sessao cookie must name one open session, else 401 before the body is even validated. The
 * member (person, contract, beneficiary, flags) lands on `request.membro`.
 */
export async function exigirMembro(request: FastifyRequest): Promise<void> {
  request.membro = await request.server.services.sessoes.membro(
    request.cookies[COOKIE_SESSAO],
    codigoSessaoDe(request.body),
    originOf(request),
  );
}
