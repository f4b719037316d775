import type { Queryable } from '../../db/db';

/** One pruning at a time across instances (pg_try_advisory_xact_lock on this key). */
export const PRUNE_LOCK = 4_201_912;

/** How many rows of each table a pruning removed. */
export type Removidos = Record<
  | 'rate_counters'
  | 'sessions'
  | 'verification_codes'
  | 'pre_autenticacoes'
  | 'outbox'
  | 'audit_log'
  | 'auditoria_integracao'
  | 'equipe_auditoria'
  | 'equipe_sessoes'
  | 'equipe_pre_autenticacoes'
  | 'servicos_codigos'
  | 'idempotencia'
  | 'carteirinha_qr',
  number
>;

/** The cut-off dates of each kind of row (the retention rules live in service.ts). */
export interface Limites {
  agora: Date;
  /** A day after the last moment a session, code or proof could be used. */
  graca: Date;
  sessaoOciosaAntes: Date;
  outboxAntes: Date;
  auditoriaAntes: Date;
  idempotenciaAntes: Date;
}

async function remove(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `with d as (${sql} returning 1) select count(*)::int as n from d`,
    params,
  );
  return row?.n ?? 0;
}

/** The deletes of the retention, run inside the pruning's transaction. */
export class RetencaoRepository {
  constructor(private readonly q: Queryable) {}

  com(tx: Queryable): RetencaoRepository {
    return new RetencaoRepository(tx);
  }

  /** False when another instance holds the pruning lock (held until this transaction ends). */
  async travar(): Promise<boolean> {
    const [lock] = await this.q.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [PRUNE_LOCK]);
    return lock?.ok ?? false;
  }

  async remover(l: Limites): Promise<Removidos> {
    const tx = this.q;
    const { graca } = l;
    return {
      rate_counters: await remove(tx, 'delete from rate_counters where expira_em <= $1', [l.agora]),
      sessions: await remove(
        tx,
        `delete from sessions where expira_em < $1 or encerrado_em < $1 or ultimo_uso_em < $2`,
        [graca, l.sessaoOciosaAntes],
      ),
      verification_codes: await remove(tx, 'delete from verification_codes where expira_em < $1', [graca]),
      pre_autenticacoes: await remove(tx, 'delete from pre_autenticacoes where expira_em < $1', [graca]),
      outbox: await remove(tx, 'delete from outbox where criado_em < $1', [l.outboxAntes]),
      audit_log: await remove(tx, 'delete from audit_log where at < $1', [l.auditoriaAntes]),
      auditoria_integracao: await remove(tx, 'delete from auditoria_integracao where em < $1', [l.auditoriaAntes]),
      // The staff console (decision 0033): its trail is kept like the audit log; its sessions and
      // pre-auth steps go once past their end.
      equipe_auditoria: await remove(tx, 'delete from equipe_auditoria where em < $1', [l.auditoriaAntes]),
      equipe_sessoes: await remove(tx, 'delete from equipe_sessoes where expira_em < $1 or encerrada_em < $1', [graca]),
      equipe_pre_autenticacoes: await remove(tx, 'delete from equipe_pre_autenticacoes where expira_em < $1', [graca]),
      servicos_codigos: await remove(tx, 'delete from servicos_codigos where expira_em < $1', [graca]),
      idempotencia: await remove(tx, 'delete from idempotencia where criado_em < $1', [l.idempotenciaAntes]),
      carteirinha_qr: await remove(tx, 'delete from carteirinha_qr where expira_em < $1', [graca]),
    };
  }
}
