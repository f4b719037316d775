import type { FastifyRequest } from 'fastify';
import { CODIGO_SESSAO_HEADER, type CodigoSessao, codigoSessaoSchema, perfilAutenticadoSchema } from '@portal/contract';
import { COOKIE_SESSAO } from '../lib/cookies';
import { originOf } from '../lib/request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The session code comes in the x-codigo-sessao header (a body that is a file, not JSON). */
    sessaoNoCabecalho?: boolean;
  }
}

function codigoSessaoDe(request: FastifyRequest): CodigoSessao | null {
  const body = request.body;
  // An upload's body is the file itself (Reembolso/Anexos): the code comes in a header there.
  if (request.routeOptions.config.sessaoNoCabecalho) {
    const codigo = codigoSessaoSchema.safeParse(request.headers[CODIGO_SESSAO_HEADER]);
    return codigo.success ? codigo.data : null;
  }
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
    codigoSessaoDe(request),
    originOf(request),
  );
}
