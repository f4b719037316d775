import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/db';

/** One pruning at a time across instances (pg_try_advisory_xact_lock on this key). */
export const PRUNE_LOCK = 4_201_912;
const DAY = 86_400_000;

export type Removidos = Record<
  | 'rate_counters'
  | 'sessions'
  | 'verification_codes'
  | 'pre_autenticacoes'
  | 'outbox'
  | 'audit_log'
  | 'auditoria_integracao'
  | 'servicos_codigos'
  | 'idempotencia'
  | 'carteirinha_qr',
  number
>;

/** Stored answers of idempotent requests (0012): a retry comes within seconds, a week is plenty. */
export const IDEMPOTENCIA_DIAS = 7;

async function remove(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `with d as (${sql} returning 1) select count(*)::int as n from d`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * Retention (0006): throttling windows, sessions and codes go once they can no longer be used
 * (a day of grace, for support questions); SMS/e-mail copies after OUTBOX_RETENTION_DAYS; audit
 * rows after AUDIT_RETENTION_DAYS (5 years by default, as access logs are kept).
 */
export class RetencaoService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'retention' | 'session'>,
  ) {}

  /** Null when another instance is pruning right now. */
  async prune(): Promise<Removidos | null> {
    const now = this.clock.now();
    const graca = new Date(now - DAY);
    const { auditDays, outboxDays } = this.config.retention;
    const idleMs = this.config.session.idleSeconds * 1000;
    return this.db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [PRUNE_LOCK]);
      if (!lock?.ok) return null;
      return {
        rate_counters: await remove(tx, 'delete from rate_counters where expira_em <= $1', [new Date(now)]),
        sessions: await remove(
          tx,
          `delete from sessions where expira_em < $1 or encerrado_em < $1 or ultimo_uso_em < $2`,
          [graca, new Date(now - idleMs - DAY)],
        ),
        verification_codes: await remove(tx, 'delete from verification_codes where expira_em < $1', [graca]),
        pre_autenticacoes: await remove(tx, 'delete from pre_autenticacoes where expira_em < $1', [graca]),
        outbox: await remove(tx, 'delete from outbox where criado_em < $1', [new Date(now - outboxDays * DAY)]),
        audit_log: await remove(tx, 'delete from audit_log where at < $1', [new Date(now - auditDays * DAY)]),
        // The integration API's calls are audit rows too: kept as long.
        auditoria_integracao: await remove(tx, 'delete from auditoria_integracao where em < $1', [
          new Date(now - auditDays * DAY),
        ]),
        // The staff console (decision 0033): its trail is kept like the audit log; its sessions and
        // pre-auth steps go once past their end.
        equipe_auditoria: await remove(tx, 'delete from equipe_auditoria where em < $1', [
          new Date(now - auditDays * DAY),
        ]),
        equipe_sessoes: await remove(tx, 'delete from equipe_sessoes where expira_em < $1 or encerrada_em < $1', [
          graca,
        ]),
        equipe_pre_autenticacoes: await remove(tx, 'delete from equipe_pre_autenticacoes where expira_em < $1', [
          graca,
        ]),
        servicos_codigos: await remove(tx, 'delete from servicos_codigos where expira_em < $1', [graca]),
        idempotencia: await remove(tx, 'delete from idempotencia where criado_em < $1', [
          new Date(now - IDEMPOTENCIA_DIAS * DAY),
        ]),
        carteirinha_qr: await remove(tx, 'delete from carteirinha_qr where expira_em < $1', [graca]),
      };
    });
  }
}
