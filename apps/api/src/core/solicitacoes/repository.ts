import type { Queryable } from '../../db/db';
import type { Membro } from '../sessao/membro';
import type { Escopo, Registro } from './idempotencia';

/** The idempotency table (0006_servicos.sql). */
export class IdempotenciaRepository {
  constructor(private readonly q: Queryable) {}

  com(tx: Queryable): IdempotenciaRepository {
    return new IdempotenciaRepository(tx);
  }

  /** The stored answer of a key, if a request with it completed. */
  async ler(e: Escopo): Promise<Registro | null> {
    const [row] = await this.q.query<{ corpo_hash: string; resposta: unknown }>(
      `select corpo_hash, resposta from idempotencia
        where cpf = $1 and codigo_contrato = $2 and rota = $3 and chave = $4 and resposta is not null`,
      [e.cpf, e.codigoContrato, e.rota, e.chave],
    );
    if (!row) return null;
    const resposta = typeof row.resposta === 'string' ? (JSON.parse(row.resposta) as unknown) : row.resposta;
    return { corpoHash: row.corpo_hash, resposta };
  }

  /**
   * Claims the key inside the request's transaction. On PostgreSQL a concurrent request with the
   * same key waits here until the first one commits (then it finds the answer) or rolls back (then
   * it claims the key itself). True when this transaction owns the key.
   */
  async reservar(e: Escopo, corpoHash: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `insert into idempotencia (cpf, codigo_contrato, rota, chave, corpo_hash, criado_em)
       values ($1, $2, $3, $4, $5, $6)
       on conflict do nothing
       returning 1`,
      [e.cpf, e.codigoContrato, e.rota, e.chave, corpoHash, at],
    );
    return rows.length > 0;
  }

  async guardar(e: Escopo, resposta: unknown): Promise<void> {
    await this.q.query(
      `update idempotencia set resposta = $5
        where cpf = $1 and codigo_contrato = $2 and rota = $3 and chave = $4`,
      [e.cpf, e.codigoContrato, e.rota, e.chave, JSON.stringify(resposta)],
    );
  }

  /** A request that ended in a refusal whose side effects are kept (a counted code try) frees its key. */
  async liberar(e: Escopo): Promise<void> {
    await this.q.query(
      'delete from idempotencia where cpf = $1 and codigo_contrato = $2 and rota = $3 and chave = $4',
      [e.cpf, e.codigoContrato, e.rota, e.chave],
    );
  }
}

/**
 * The cancellation dates of the member's contract and own beneficiary link (null: not cancelled)
 * and whether that link is active; undefined when the contract is not found. `bloquear` reads the
 * contract row `for share`.
 */
export async function datasDoVinculo(
  q: Queryable,
  membro: Membro,
  bloquear: boolean,
): Promise<{ contrato: string | null; beneficiario: string | null; ativo: boolean | null } | undefined> {
  const [row] = await q.query<{ contrato: string | null; beneficiario: string | null; ativo: boolean | null }>(
    `select ct.data_cancelamento::text as contrato, b.data_exclusao::text as beneficiario, b.ativo
       from contratos ct
       left join beneficiarios b on b.codigo_contrato = ct.codigo_contrato and b.codigo_beneficiario = $2
      where ct.codigo_contrato = $1
      ${bloquear ? 'for share of ct' : ''}`,
    [membro.codigoContrato, membro.codigoBeneficiario],
  );
  return row;
}
