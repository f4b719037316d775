import type { CodigoSessao } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, MENSAGEM_SESSAO_INVALIDA } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { AuditRepository, Origin } from '../auditoria/repository';
import { type AvisosDeSessao, semAvisos } from './avisos';
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

/** What the sessions need, built once in services.ts (decision 0007). */
export interface SessionDeps {
  repo: SessionsRepository;
  audit: AuditRepository;
  clock: Clock;
  config: Pick<Config, 'session'>;
  /** How instances tell each other that sessions ended; none for one instance. */
  avisos?: AvisosDeSessao;
}

/**
 * The session check of every member call (0006). The hot path reads nothing and writes nothing:
 * each instance keeps the sessions it served for `cacheSeconds` and writes the idle clock at most
 * every `touchSeconds`. A logout ends the session and tells every instance (`avisos`: Redis
 * pub/sub or PostgreSQL LISTEN/NOTIFY), which drops its copy at once; should a notice be lost,
 * the copy still expires within `cacheSeconds` (they re-read the row).
 */
export class SessionService {
  private readonly cache: LRUCache<string, Entrada>;
  /** codigoSessao → the cookie its cached entry is keyed by (a notice names sessions, not cookies). */
  private readonly cookieDe = new Map<CodigoSessao, string>();
  /**
   * Moves on every notice: a read that started before a notice arrived is answered but not
   * cached, so a row read just before another instance ended it cannot stay cached here.
   */
  private geracao = 0;
  private readonly idleMs: number;
  private readonly touchMs: number;
  /** 0: every call reads the row (no cache). */
  private readonly cacheMs: number;

  private readonly avisos: AvisosDeSessao;

  constructor(private readonly d: SessionDeps) {
    const { config, clock } = d;
    const avisos = (this.avisos = d.avisos ?? semAvisos);
    this.idleMs = config.session.idleSeconds * 1000;
    this.touchMs = config.session.touchSeconds * 1000;
    this.cache = new LRUCache<string, Entrada>({
      max: 100_000,
      // TTL on the app's clock, so tests that move time see entries go stale.
      ttl: Math.max(1, config.session.cacheSeconds * 1000),
      perf: { now: () => clock.now() },
      dispose: (e, cookie) => {
        if (this.cookieDe.get(e.row.codigoSessao) === cookie) this.cookieDe.delete(e.row.codigoSessao);
      },
    });
    this.cacheMs = config.session.cacheSeconds * 1000;
    avisos.ouvir((aviso) => {
      this.geracao++;
      if (aviso === 'reconectado') this.cache.clear();
      else for (const codigo of aviso.codigos) this.esquecer(codigo);
    });
  }

  /**
   * Member sessions alive now, in every instance (metrics): open, before their end and used within
   * the idle time — as written to the row, which moves at most every SESSION_TOUCH_SECONDS.
   */
  async ativas(): Promise<number> {
    const agora = this.d.clock.now();
    return this.d.repo.ativas(new Date(agora), new Date(agora - this.idleMs));
  }

  /** Drops this instance's copy of one session, if it has one. */
  private esquecer(codigo: CodigoSessao): void {
    const cookie = this.cookieDe.get(codigo);
    if (cookie !== undefined) this.cache.delete(cookie);
  }

  private async recusar(motivo: MotivoRecusa, cpf: string | null, origin: Origin): Promise<never> {
    await this.d.audit.write('sessao_recusada', cpf, origin, { motivo });
    throw new AppError(401, 'SESSAO_INVALIDA', MENSAGEM_SESSAO_INVALIDA);
  }

  /** Keyed by the cookie itself (memory only), so a hit does not even hash it. */
  private async ler(cookie: string, now: number): Promise<Entrada | null> {
    const cached = this.cacheMs > 0 ? this.cache.get(cookie) : undefined;
    if (cached && now - cached.lidoEm < this.cacheMs) return cached;
    const chave = cached?.chave ?? sha256(cookie);
    const geracao = this.geracao;
    const row = await this.d.repo.findByCookieHash(chave);
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
    if (this.cacheMs > 0 && geracao === this.geracao) {
      this.cache.set(cookie, entrada);
      this.cookieDe.set(row.codigoSessao, cookie);
    } else this.cache.delete(cookie);
    return entrada;
  }

  /**
   * The member when this instance can say so from memory alone — a fresh cached session that
   * passes every rule below and needs no idle-clock write — else null (then `membro`, which reads,
   * writes and refuses). Lets the member hook answer without a promise on the hot path (0035).
   */
  membroEmMemoria(cookie: string | undefined, codigoSessao: CodigoSessao | null): Membro | null {
    if (codigoSessao === null || !cookie || this.cacheMs <= 0) return null;
    const e = this.cache.get(cookie);
    const now = this.d.clock.now();
    if (!e || now - e.lidoEm >= this.cacheMs) return null;
    const { row } = e;
    if (row.codigoSessao !== codigoSessao || row.encerradoEm !== null || now >= row.expiraEm) return null;
    if (now - e.ultimoUso > this.idleMs || now - row.ultimoUsoEm >= this.touchMs) return null;
    e.ultimoUso = now;
    return e.membro;
  }

  /**
   * The member behind `codigoSessao` + the pb_sessao cookie, within the idle (30 min) and absolute
   * (12 h) limits; 401 SESSAO_INVALIDA otherwise (audited with the reason).
   */
  async membro(cookie: string | undefined, codigoSessao: CodigoSessao | null, origin: Origin): Promise<Membro> {
    if (codigoSessao === null) return this.recusar('sem_perfil', null, origin);
    if (!cookie) return this.recusar('sem_cookie', null, origin);
    const now = this.d.clock.now();
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
      if (!(await this.d.repo.touch(row.codigoSessao, new Date(now)))) {
        this.cache.delete(cookie);
        return this.recusar('encerrada', row.cpf, origin);
      }
      row.ultimoUsoEm = now;
    }
    e.ultimoUso = now;
    return e.membro;
  }

  /**
   * Logout: drops this instance's copy, ends the session in the database, then tells the other
   * instances, which drop theirs at once (issue 13).
   */
  async encerrar(cookie: string, codigoSessao: CodigoSessao): Promise<void> {
    this.cache.delete(cookie);
    this.esquecer(codigoSessao);
    await this.d.repo.end(codigoSessao, new Date(this.d.clock.now()));
    await this.avisos.publicar([codigoSessao]);
  }

  /** Password change: every open session of the CPF ends, here and on every instance at once. */
  async encerrarTodasDe(cpf: string): Promise<number> {
    for (const [k, e] of this.cache.entries()) if (e.row.cpf === cpf) this.cache.delete(k);
    const encerradas = await this.d.repo.endAllOf(cpf, new Date(this.d.clock.now()));
    await this.avisos.publicar(encerradas);
    return encerradas.length;
  }

  /**
   * 'Encerrar outras sessões' (Meus dados): every open session of the CPF but this one ends. This
   * instance drops its copies first; the others drop theirs when the notice arrives, as after a
   * logout.
   */
  async encerrarOutrasDe(cpf: string, atual: CodigoSessao): Promise<number> {
    for (const [k, e] of this.cache.entries())
      if (e.row.cpf === cpf && e.row.codigoSessao !== atual) this.cache.delete(k);
    const encerradas = await this.d.repo.endAllOfBut(cpf, atual, new Date(this.d.clock.now()));
    await this.avisos.publicar(encerradas);
    return encerradas.length;
  }

  async close(): Promise<void> {
    await this.avisos.close();
  }
}
