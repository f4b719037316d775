import type { CodigoSessao } from '@portal/contract';
import type { Queryable } from '../../db/db';

/** A session row joined with what a member call needs to know about its profile. */
export interface SessaoMembroRow {
  codigoSessao: CodigoSessao;
  cpf: string;
  nome: string;
  codigoContrato: string;
  codigoPlano: string;
  codigoBeneficiario: string | null;
  tipoBeneficiario: 'TITULAR' | 'DEPENDENTE' | null;
  responsavelFinanceiro: boolean;
  coparticipativo: boolean;
  ultimoUsoEm: number;
  expiraEm: number;
  encerradoEm: number | null;
}

interface Raw {
  codigo_sessao: string;
  cpf: string;
  nome: string;
  codigo_contrato: string;
  codigo_plano: string;
  codigo_beneficiario: string | null;
  tipo: 'TITULAR' | 'DEPENDENTE' | null;
  responsavel_financeiro: boolean;
  coparticipativo: boolean;
  ultimo_uso_em: Date | string;
  expira_em: Date | string;
  encerrado_em: Date | string | null;
}

const ms = (d: Date | string) => new Date(d).getTime();

export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(s: {
    codigoSessao: CodigoSessao;
    cookieHash: string;
    cpf: string;
    codigoContrato: string;
    codigoBeneficiario: string | null;
    at: Date;
    expiraEm: Date;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.query(
      `insert into sessions (codigo_sessao, cookie_hash, cpf, codigo_contrato, codigo_beneficiario, criado_em,
         ultimo_uso_em, expira_em, ip, user_agent) values ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9)`,
      [
        s.codigoSessao,
        s.cookieHash,
        s.cpf,
        s.codigoContrato,
        s.codigoBeneficiario,
        s.at,
        s.expiraEm,
        s.ip,
        s.userAgent?.slice(0, 300) ?? null,
      ],
    );
  }

  /** The session behind a cookie, with its member's profile: the one read of a member call. */
  async findByCookieHash(cookieHash: string): Promise<SessaoMembroRow | null> {
    const [r] = await this.db.query<Raw>(
      `select s.codigo_sessao::text as codigo_sessao, s.cpf, p.nome, s.codigo_contrato, ct.codigo_plano,
              s.codigo_beneficiario, b.tipo, (ct.cpf_responsavel_financeiro = s.cpf) as responsavel_financeiro,
              pl.coparticipativo, s.ultimo_uso_em, s.expira_em, s.encerrado_em
         from sessions s
         join pessoas p on p.cpf = s.cpf
         join contratos ct on ct.codigo_contrato = s.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
         left join beneficiarios b on b.codigo_beneficiario = s.codigo_beneficiario
        where s.cookie_hash = $1`,
      [cookieHash],
    );
    if (!r) return null;
    return {
      codigoSessao: Number(r.codigo_sessao),
      cpf: r.cpf,
      nome: r.nome,
      codigoContrato: r.codigo_contrato,
      codigoPlano: r.codigo_plano,
      codigoBeneficiario: r.codigo_beneficiario,
      tipoBeneficiario: r.tipo,
      responsavelFinanceiro: r.responsavel_financeiro,
      coparticipativo: r.coparticipativo,
      ultimoUsoEm: ms(r.ultimo_uso_em),
      expiraEm: ms(r.expira_em),
      encerradoEm: r.encerrado_em === null ? null : ms(r.encerrado_em),
    };
  }

  /** Moves the idle clock; false when the session was ended meanwhile (elsewhere). */
  async touch(codigoSessao: CodigoSessao, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update sessions set ultimo_uso_em = greatest(ultimo_uso_em, $2) where codigo_sessao = $1 and encerrado_em is null returning 1',
      [codigoSessao, at],
    );
    return rows.length > 0;
  }

  async end(codigoSessao: CodigoSessao, at: Date): Promise<void> {
    await this.db.query('update sessions set encerrado_em = $2 where codigo_sessao = $1 and encerrado_em is null', [
      codigoSessao,
      at,
    ]);
  }

  private static codigos(rows: { codigo_sessao: string | number }[]): CodigoSessao[] {
    return rows.map((r) => Number(r.codigo_sessao));
  }

  /**
   * Sessions open, before their absolute end and used since `usadaDesde` (metrics, issue 32): one
   * count over sessions_expira_idx, read at most once per scrape interval.
   */
  async ativas(agora: Date, usadaDesde: Date): Promise<number> {
    const [r] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from sessions where expira_em > $1 and encerrado_em is null and ultimo_uso_em > $2',
      [agora, usadaDesde],
    );
    return r?.n ?? 0;
  }

  /** After a password change every open session of the CPF ends; answers the ones ended. */
  async endAllOf(cpf: string, at: Date): Promise<CodigoSessao[]> {
    const rows = await this.db.query<{ codigo_sessao: string | number }>(
      'update sessions set encerrado_em = $2 where cpf = $1 and encerrado_em is null returning codigo_sessao',
      [cpf, at],
    );
    return SessionsRepository.codigos(rows);
  }

  /** 'Encerrar outras sessões': every open session of the CPF except one. */
  async endAllOfBut(cpf: string, keep: CodigoSessao, at: Date): Promise<CodigoSessao[]> {
    const rows = await this.db.query<{ codigo_sessao: string | number }>(
      'update sessions set encerrado_em = $3 where cpf = $1 and codigo_sessao <> $2 and encerrado_em is null returning codigo_sessao',
      [cpf, keep, at],
    );
    return SessionsRepository.codigos(rows);
  }
}
