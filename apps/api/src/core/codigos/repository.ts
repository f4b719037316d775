import type { Queryable } from '../../db/db';

export type Finalidade = 'registro' | 'recuperacao';
export type CanalCodigo = 'email' | 'sms';

export interface CodigoRow {
  id: string;
  cpf: string;
  canal: CanalCodigo;
  destino: string;
  codigo_hmac: string;
  fluxo_hash: string;
  expira_em: Date;
  tentativas: number;
  validado_em: Date | null;
}

const COLS = 'id::text as id, cpf, canal, destino, codigo_hmac, fluxo_hash, expira_em, tentativas, validado_em';

export class CodigosRepository {
  constructor(private readonly db: Queryable) {}

  /** A new send supersedes the open codes of the same CPF and purpose. */
  async invalidateOpen(cpf: string, finalidade: Finalidade, at: Date): Promise<void> {
    await this.db.query(
      `update verification_codes set invalidado_em = $3
        where cpf = $1 and finalidade = $2 and usado_em is null and invalidado_em is null`,
      [cpf, finalidade, at],
    );
  }

  async insert(c: {
    cpf: string;
    finalidade: Finalidade;
    canal: CanalCodigo;
    destino: string;
    codigoHmac: string;
    fluxoHash: string;
    at: Date;
    expiraEm: Date;
  }): Promise<void> {
    await this.db.query(
      `insert into verification_codes (cpf, finalidade, canal, destino, codigo_hmac, fluxo_hash, criado_em, expira_em)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.cpf, c.finalidade, c.canal, c.destino, c.codigoHmac, c.fluxoHash, c.at, c.expiraEm],
    );
  }

  /** The open code of the CPF and purpose (at most one, see invalidateOpen). */
  async findOpen(cpf: string, finalidade: Finalidade): Promise<CodigoRow | null> {
    const [row] = await this.db.query<CodigoRow>(
      `select ${COLS} from verification_codes
        where cpf = $1 and finalidade = $2 and usado_em is null and invalidado_em is null
        order by id desc limit 1`,
      [cpf, finalidade],
    );
    return row ?? null;
  }

  /**
   * Takes one of the code's tries before the comparison, atomically, so parallel guesses can never
   * get more than `max` comparisons. Null when none is left.
   */
  async reserveTry(id: string, max: number): Promise<number | null> {
    const [row] = await this.db.query<{ tentativas: number }>(
      'update verification_codes set tentativas = tentativas + 1 where id = $1 and tentativas < $2 returning tentativas',
      [id, max],
    );
    return row?.tentativas ?? null;
  }

  async markValidated(id: string, at: Date): Promise<void> {
    await this.db.query('update verification_codes set validado_em = coalesce(validado_em, $2) where id = $1', [
      id,
      at,
    ]);
  }

  /** Uses the code up; false when someone else did first (single use). */
  async consume(id: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      'update verification_codes set usado_em = $2 where id = $1 and usado_em is null and invalidado_em is null returning 1',
      [id, at],
    );
    return rows.length > 0;
  }
}
