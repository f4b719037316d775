import type { CodigoSessao } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, MENSAGEM_SESSAO_INVALIDA } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { AuditRepository, Origin } from '../audit/repository';
import { type Membro, tipoPerfil } from './membro';
import type { SessaoMembroRow, SessionsRepository } from './repository';

interface Entrada {
  /** sha256 of the cookie: the only form the database knows. */
  chave: string;
  row: SessaoMembroRow;
  membro: Membro;
  /** When this instance last read the row from the database. */
  lidoEm: number;
  /** Last call seen by this instance (the stored clock may lag it by up to touchSeconds). */
  ultimoUso: number;
}

export type MotivoRecusa =
  'sem_perfil' | 'sem_cookie' | 'cookie_desconhecido' | 'sessao_de_outro' | 'encerrada' | 'expirada' | 'inativa';

function toMembro(r: SessaoMembroRow): Membro {
  const titular = r.tipoBeneficiario === 'TITULAR';
  return {
    codigoSessao: r.codigoSessao,
    cpf: r.cpf,
    nome: r.nome,
    codigoContrato: r.codigoContrato,
    codigoPlano: r.codigoPlano,
    codigoBeneficiario: r.codigoBeneficiario,
    tipoPerfil: tipoPerfil({ tipo: r.tipoBeneficiario, responsavelFinanceiro: r.responsavelFinanceiro }),
    titular,
    responsavelFinanceiro: r.responsavelFinanceiro,
    coparticipativo: r.coparticipativo,
    veTodoContrato: titular || r.responsavelFinanceiro,
  };
}

/**
 * The session check of every member call (0006). The hot path reads nothing and writes nothing:
 * each instance keeps the sessions it served for `cacheSeconds` and writes the idle clock at most
 * every `touchSeconds`. A logout ends the session at once on the instance that handled it (its
 * entry is dropped) and within `cacheSeconds` on the others (they re-read the row).
 */
export class SessionService {
  private readonly cache: LRUCache<string, Entrada>;
  private readonly idleMs: number;
  private readonly touchMs: number;
  /** 0: every call reads the row (no cache). */
  private readonly cacheMs: number;

  constructor(
    private readonly repo: SessionsRepository,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    config: Pick<Config, 'session'>,
  ) {
    this.idleMs = config.session.idleSeconds * 1000;
    this.touchMs = config.session.touchSeconds * 1000;
    this.cache = new LRUCache<string, Entrada>({
      max: 100_000,
      // TTL on the app's clock, so tests that move time see entries go stale.
      ttl: Math.max(1, config.session.cacheSeconds * 1000),
      perf: { now: () => clock.now() },
    });
    this.cacheMs = config.session.cacheSeconds * 1000;
  }

  private async recusar(motivo: MotivoRecusa, cpf: string | null, origin: Origin): Promise<never> {
    await this.audit.write('sessao_recusada', cpf, origin, { motivo });
    throw new AppError(401, 'SESSAO_INVALIDA', MENSAGEM_SESSAO_INVALIDA);
  }

  /** Keyed by the cookie itself (memory only), so a hit does not even hash it. */
  private async ler(cookie: string, now: number): Promise<Entrada | null> {
    const cached = this.cacheMs > 0 ? this.cache.get(cookie) : undefined;
    if (cached && now - cached.lidoEm < this.cacheMs) return cached;
    const chave = cached?.chave ?? sha256(cookie);
    const row = await this.repo.findByCookieHash(chave);
    if (!row) {
      this.cache.delete(cookie);
      return null;
    }
    const entrada: Entrada = {
      chave,
      row,
      membro: toMembro(row),
      lidoEm: now,
      ultimoUso: Math.max(row.ultimoUsoEm, cached?.ultimoUso ?? 0),
    };
    if (this.cacheMs > 0) this.cache.set(cookie, entrada);
    return entrada;
  }

  /**
   * The member behind `codigoSessao` + the pb_sessao cookie, within the idle (30 min) and absolute
   * (12 h) limits; 401 SESSAO_INVALIDA otherwise (audited with the reason).
   */
  async membro(cookie: string | undefined, codigoSessao: CodigoSessao | null, origin: Origin): Promise<Membro> {
    if (codigoSessao === null) return this.recusar('sem_perfil', null, origin);
    if (!cookie) return this.recusar('sem_cookie', null, origin);
    const now = this.clock.now();
    const e = await this.ler(cookie, now);
    if (!e) return this.recusar('cookie_desconhecido', null, origin);
    const { row } = e;
    if (row.codigoSessao !== codigoSessao) return this.recusar('sessao_de_outro', row.cpf, origin);
    if (row.encerradoEm !== null) return this.recusar('encerrada', row.cpf, origin);
    if (now >= row.expiraEm) return this.recusar('expirada', row.cpf, origin);
    if (now - e.ultimoUso > this.idleMs) {
      this.cache.delete(cookie);
      return this.recusar('inativa', row.cpf, origin);
    }
    if (now - row.ultimoUsoEm >= this.touchMs) {
      if (!(await this.repo.touch(row.codigoSessao, new Date(now)))) {
        this.cache.delete(cookie);
        return this.recusar('encerrada', row.cpf, origin);
      }
      row.ultimoUsoEm = now;
    }
    e.ultimoUso = now;
    return e.membro;
  }

  /** Logout: ends the session in the database and drops this instance's copy at once. */
  async encerrar(cookie: string, codigoSessao: CodigoSessao): Promise<void> {
    this.cache.delete(cookie);
    await this.repo.end(codigoSessao, new Date(this.clock.now()));
  }

  /** Password change: every open session of the CPF ends (other instances follow within cacheSeconds). */
  async encerrarTodasDe(cpf: string): Promise<number> {
    for (const [k, e] of this.cache.entries()) if (e.row.cpf === cpf) this.cache.delete(k);
    return this.repo.endAllOf(cpf, new Date(this.clock.now()));
  }

  /**
   * 'Encerrar outras sessões' (Meus dados): every open session of the CPF but this one ends. This
   * instance drops its copies first, so they are refused at once here; other instances re-read
   * the row within cacheSeconds (0006), as after a logout.
   */
  async encerrarOutrasDe(cpf: string, atual: CodigoSessao): Promise<number> {
    for (const [k, e] of this.cache.entries())
      if (e.row.cpf === cpf && e.row.codigoSessao !== atual) this.cache.delete(k);
    return this.repo.endAllOfBut(cpf, atual, new Date(this.clock.now()));
  }
}
