import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import type { Removidos, RetencaoRepository } from './repository';

const DAY = 86_400_000;

/** Stored answers of idempotent requests (0012): a retry comes within seconds, a week is plenty. */
export const IDEMPOTENCIA_DIAS = 7;

/** What the retention needs, built once in services.ts (decision 0007). */
export interface RetencaoDeps {
  repo: RetencaoRepository;
  /** Opens the pruning's transaction (its lock holds until it ends). */
  transacoes: Pick<Db, 'transaction'>;
  clock: Clock;
  config: Pick<Config, 'retention' | 'session'>;
}

/**
 * Retention (0006): throttling windows, sessions and codes go once they can no longer be used
 * (a day of grace, for support questions); SMS/e-mail copies after OUTBOX_RETENTION_DAYS; audit
 * rows after AUDIT_RETENTION_DAYS (5 years by default, as access logs are kept).
 */
export class RetencaoService {
  constructor(private readonly d: RetencaoDeps) {}

  /** Null when another instance is pruning right now. */
  async prune(): Promise<Removidos | null> {
    const now = this.d.clock.now();
    const { auditDays, outboxDays } = this.d.config.retention;
    const idleMs = this.d.config.session.idleSeconds * 1000;
    return this.d.transacoes.transaction(async (tx) => {
      const repo = this.d.repo.com(tx);
      if (!(await repo.travar())) return null;
      return repo.remover({
        agora: new Date(now),
        graca: new Date(now - DAY),
        sessaoOciosaAntes: new Date(now - idleMs - DAY),
        outboxAntes: new Date(now - outboxDays * DAY),
        // The integration API's calls are audit rows too: kept as long.
        auditoriaAntes: new Date(now - auditDays * DAY),
        idempotenciaAntes: new Date(now - IDEMPOTENCIA_DIAS * DAY),
      });
    });
  }
}
