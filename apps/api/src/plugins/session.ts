import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { perfilAutenticadoSchema } from '@portal/contract';
import { AppError, MENSAGEM_SESSAO_INVALIDA } from '../lib/app-error';
import { COOKIE_SESSAO } from '../lib/cookies';
import { sha256 } from '../lib/crypto';
import { originOf } from '../lib/request';
import { SessionsRepository } from '../modules/sessao/repository';

/** The member behind an authenticated call. */
export interface SessaoAtiva {
  codigoSessao: string;
  cpf: string;
  codigoContrato: string;
  codigoBeneficiario: string | null;
  expiraEm: Date;
}

function perfilFrom(body: unknown): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  // Finance calls spell it PerfilAutenticado (spec 7).
  return b.perfilAutenticado ?? b.PerfilAutenticado;
}

/**
 * requireSession: codigoSessao and the pb_sessao cookie must belong to the same open session,
 * within idle (30 min) and absolute (12 h) limits. Refreshes the idle clock.
 */
export default fp(async function session(app: FastifyInstance) {
  const repo = new SessionsRepository(app.db);
  const { idleSeconds } = app.config.session;

  async function refuse(request: FastifyRequest, motivo: string, cpf: string | null): Promise<never> {
    await app.audit.write('sessao_recusada', cpf, originOf(request), { motivo });
    throw new AppError(401, 'SESSAO_INVALIDA', MENSAGEM_SESSAO_INVALIDA);
  }

  app.decorate('requireSession', async function requireSession(request: FastifyRequest): Promise<SessaoAtiva> {
    const perfil = perfilAutenticadoSchema.safeParse(perfilFrom(request.body));
    if (!perfil.success) return refuse(request, 'sem_perfil', null);
    const cookie = request.cookies[COOKIE_SESSAO];
    if (!cookie) return refuse(request, 'sem_cookie', null);
    const row = await repo.findByCookieHash(sha256(cookie));
    if (!row) return refuse(request, 'cookie_desconhecido', null);
    if (row.codigo_sessao !== String(perfil.data.codigoSessao)) return refuse(request, 'sessao_de_outro', row.cpf);
    const now = app.clock.now();
    if (row.encerrado_em) return refuse(request, 'encerrada', row.cpf);
    if (now >= new Date(row.expira_em).getTime()) return refuse(request, 'expirada', row.cpf);
    if (now - new Date(row.ultimo_uso_em).getTime() > idleSeconds * 1000) return refuse(request, 'inativa', row.cpf);
    await repo.touch(row.codigo_sessao, new Date(now));
    return {
      codigoSessao: row.codigo_sessao,
      cpf: row.cpf,
      codigoContrato: row.codigo_contrato,
      codigoBeneficiario: row.codigo_beneficiario,
      expiraEm: new Date(row.expira_em),
    };
  });
});
