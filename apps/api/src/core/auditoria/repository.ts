import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import type { Origin } from '../../lib/request';

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
  | 'sessao_recusada'
  // Member requests (issue 7): each stored request, and the steps of an add-on contracting.
  | 'solicitacao_registrada'
  | 'termo_aceito'
  | 'codigo_contratacao_enviado'
  | 'codigo_contratacao_falha'
  | 'idempotencia_conflito'
  // Digital card (issue 8): a clinic checked a QR token or typed code (detail: situacao, card, jti).
  | 'carteirinha_verificada'
  // Meus dados (issue 8, decision 0019): a download of the member's data, other sessions ended,
  // a consent revoked, a partner asking about a club link.
  | 'dados_exportados'
  | 'sessoes_encerradas'
  | 'consentimento_revogado'
  | 'link_clube_verificado'
  // Issue 13: the partner redeemed a club code (detail: situacao), or called without its secret.
  | 'link_clube_resgatado'
  | 'link_clube_parceiro_recusado'
  // Cancellation (issue 8): the consequences acknowledged, the code sent or missed, the coverage ended.
  | 'cancelamento_ciencia'
  | 'codigo_cancelamento_enviado'
  | 'codigo_cancelamento_falha'
  | 'cancelamento_efetivado'
  // Issue 17 "Answers back" (decision 0032): the operator read or answered a member's protocol (detail: chaveId).
  | 'protocolo_lido_integracao'
  | 'protocolo_respondido'
  // The staff console (decision 0033): the member asked for more information, the protocol forwarded.
  | 'protocolo_informacao_pedida'
  | 'protocolo_encaminhado'
  // Issue 30 (decision 0049): an import undone (detail: importacaoId, entidade, restaurados, ignorados, canal, chaveId).
  | 'importacao_desfeita';

/** Who did it, from the request. */
export type { Origin };

/** audit_log writer. Never pass passwords, codes or tokens in `detail`. */
export class AuditRepository {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** The same writer inside the caller's transaction (the audit row commits with the change). */
  com(tx: Queryable): AuditRepository {
    return new AuditRepository(tx, this.clock);
  }

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
