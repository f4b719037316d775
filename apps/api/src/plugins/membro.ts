import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
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
  // Finance calls spell it PerfilAutenticado (docs/produto/comum.md, "Calls").
  const perfil = perfilAutenticadoSchema.safeParse(b.perfilAutenticado ?? b.PerfilAutenticado);
  return perfil.success ? perfil.data.codigoSessao : null;
}

/**
 * preValidation hook of the member group (modules/index.ts): the session code of the body and the
 * pb_sessao cookie must name one open session, else 401 before the body is even validated. The
 * member (person, contract, beneficiary, flags) lands on `request.membro`.
 */
export function exigirMembro(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const { sessoes } = request.server.services;
  const cookie = request.cookies[COOKIE_SESSAO];
  const codigo = codigoSessaoDe(request);
  // From memory without a promise when the cache can answer (0035); otherwise read, write, refuse.
  const emMemoria = sessoes.membroEmMemoria(cookie, codigo);
  if (emMemoria) {
    request.membro = emMemoria;
    return done();
  }
  sessoes.membro(cookie, codigo, originOf(request)).then(
    (membro) => {
      request.membro = membro;
      done();
    },
    (err: Error) => done(err),
  );
}
