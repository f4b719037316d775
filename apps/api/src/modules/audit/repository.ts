import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';

export type AuditEvent =
  | 'login_ok'
  | 'login_falha'
  | 'login_bloqueado'
  | 'logout'
  | 'codigo_enviado'
  | 'codigo_falha'
  | 'codigo_confirmado'
  | 'senha_cadastrada'
  | 'senha_alterada'
  | 'conta_criada'
  | 'contato_divergente'
  | 'sessao_recusada';

/** Who did it, from the request. */
export interface Origin {
  ip: string;
  userAgent: string | null;
}

/** audit_log writer. Never pass passwords, codes or tokens in `detail`. */
export class AuditRepository {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async write(
    event: AuditEvent,
    cpf: string | null,
    origin: Origin,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await this.db.query(
      'insert into audit_log (at, event, cpf, ip, user_agent, detail) values ($1, $2, $3, $4, $5, $6)',
      [
        new Date(this.clock.now()),
        event,
        cpf,
        origin.ip,
        origin.userAgent?.slice(0, 300) ?? null,
        JSON.stringify(detail),
      ],
    );
  }
}
