import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';

/** The counts of an import as the audit keeps them (no row values, no messages). */
export interface Contagens {
  linhas?: number;
  incluidos?: number;
  alterados?: number;
  inalterados?: number;
  inativados?: number;
  erros?: number;
  /** Rows of a listing. */
  itens?: number;
}

/** One call to /api/integracao/v1, refused ones included. Never a secret, a body or a query string. */
export interface ChamadaAuditada {
  chaveId: string | null;
  ip: string;
  metodo: string;
  /** The route pattern (`/api/integracao/v1/importacoes/:id`), not the URL. */
  rota: string;
  entidade: string | null;
  importacaoId: string | null;
  status: number;
  contagens: Contagens | null;
}

/** auditoria_integracao: who called what, with which key, from where, and with what result. */
export class AuditoriaIntegracaoRepository {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async registrar(c: ChamadaAuditada): Promise<void> {
    await this.db.query(
      `insert into auditoria_integracao (em, chave_id, ip, metodo, rota, entidade, importacao_id, status, contagens)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        new Date(this.clock.now()),
        c.chaveId,
        c.ip.slice(0, 100),
        c.metodo.slice(0, 10),
        c.rota.slice(0, 200),
        c.entidade,
        c.importacaoId,
        c.status,
        c.contagens ? JSON.stringify(c.contagens) : null,
      ],
    );
  }

  /** The final counts of an upload, once its import ends (the call itself answered 202 before). */
  async concluirEnvio(importacaoId: string, contagens: Contagens): Promise<void> {
    await this.db.query(`update auditoria_integracao set contagens = $2 where importacao_id = $1 and metodo = 'POST'`, [
      importacaoId,
      JSON.stringify(contagens),
    ]);
  }
}
