import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';

/** Who and where a key belongs to: the member's profile (CPF + contract) and the route. */
export interface Escopo {
  cpf: string;
  codigoContrato: string;
  rota: string;
  chave: string;
}

export interface Registro {
  corpoHash: string;
  resposta: unknown;
}

/** JSON with sorted keys, so the same body always hashes the same. */
export function canonico(valor: unknown): string {
  if (Array.isArray(valor)) return `[${valor.map(canonico).join(',')}]`;
  if (valor && typeof valor === 'object') {
    const entries = Object.entries(valor as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonico(v)}`).join(',')}}`;
  }
  return JSON.stringify(valor) ?? 'null';
}

/**
 * Hash of a validated request body without the session (a retry after signing in again carries
 * another session code but is the same request).
 */
export function hashDoCorpo(corpo: unknown): string {
  const semSessao =
    corpo && typeof corpo === 'object'
      ? Object.fromEntries(
          Object.entries(corpo as Record<string, unknown>).filter(
            ([k]) => k !== 'perfilAutenticado' && k !== 'PerfilAutenticado',
          ),
        )
      : corpo;
  return createHash('sha256').update(canonico(semSessao)).digest('hex');
}

/** The idempotency table (0006_servicos.sql). */
export class IdempotenciaRepository {
  constructor(private readonly q: Queryable) {}

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
