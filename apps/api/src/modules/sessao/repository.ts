import type { Queryable } from '../../db/db';

export interface SessionRow {
  codigo_sessao: string;
  cpf: string;
  codigo_contrato: string;
  codigo_beneficiario: string | null;
  criado_em: Date;
  ultimo_uso_em: Date;
  expira_em: Date;
  encerrado_em: Date | null;
}

export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(s: {
    codigoSessao: number;
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

  async findByCookieHash(cookieHash: string): Promise<SessionRow | null> {
    const [row] = await this.db.query<SessionRow>(
      `select codigo_sessao::text as codigo_sessao, cpf, codigo_contrato, codigo_beneficiario, criado_em, ultimo_uso_em,
              expira_em, encerrado_em
         from sessions where cookie_hash = $1`,
      [cookieHash],
    );
    return row ?? null;
  }

  async touch(codigoSessao: string, at: Date): Promise<void> {
    await this.db.query('update sessions set ultimo_uso_em = $2 where codigo_sessao = $1 and encerrado_em is null', [
      codigoSessao,
      at,
    ]);
  }

  async end(codigoSessao: string, at: Date): Promise<void> {
    await this.db.query('update sessions set encerrado_em = $2 where codigo_sessao = $1 and encerrado_em is null', [
      codigoSessao,
      at,
    ]);
  }

  /** After a password change every open session of the CPF ends. */
  async endAllOf(cpf: string, at: Date): Promise<number> {
    const rows = await this.db.query(
      'update sessions set encerrado_em = $2 where cpf = $1 and encerrado_em is null returning 1',
      [cpf, at],
    );
    return rows.length;
  }
}
