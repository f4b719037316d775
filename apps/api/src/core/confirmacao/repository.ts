import type { Queryable } from '../../db/db';
import type { Membro } from '../sessao/membro';
import type { CodigoAberto } from './codigo-sms';

/**
 * Which request a code confirms. Each flow keeps its codes in its own table (same shape: id, the
 * row it confirms, codigo_sessao, destino, codigo_hmac, criado_em, expira_em, tentativas, usado_em,
 * invalidado_em); the add-ons also scope a session's open code by service.
 */
const TABELAS = {
  /** Add-on contracting (0006_servicos.sql): confirms a term acceptance, one open code per service. */
  servicos: { tabela: 'servicos_codigos', origem: 'aceite_id', escopo: 'servico' },
  /** Plan cancellation (0013_cancelamento.sql): confirms an acknowledgement, one open code per session. */
  cancelamento: { tabela: 'cancelamento_codigos', origem: 'ciencia_id', escopo: null },
} as const;

export type FluxoConfirmado = keyof typeof TABELAS;

/** An open code and the id of what it confirms (the acceptance or the acknowledgement). */
export type CodigoParaConfirmar = CodigoAberto & { origemId: string };

/** The SMS confirmation codes of one flow. Every query carries the session. */
export class CodigosDeConfirmacaoRepository {
  private readonly t: (typeof TABELAS)[FluxoConfirmado];

  constructor(
    private readonly q: Queryable,
    readonly fluxo: FluxoConfirmado,
  ) {
    this.t = TABELAS[fluxo];
  }

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): CodigosDeConfirmacaoRepository {
    return new CodigosDeConfirmacaoRepository(tx, this.fluxo);
  }

  /** `and <escopo> = $n` when the flow scopes its codes (the add-on's service), else nothing. */
  private filtro(escopo: string | null, params: unknown[]): string {
    if (!this.t.escopo) return '';
    params.push(escopo);
    return ` and ${this.t.escopo} = $${params.length}`;
  }

  /** The member's mobile on file, where the code goes. */
  async celular(cpf: string): Promise<string | null> {
    const [row] = await this.q.query<{ celular: string | null }>('select celular from pessoas where cpf = $1', [cpf]);
    return row?.celular ?? null;
  }

  /** A new code supersedes the session's open codes (of the same service, for the add-ons). */
  async invalidarAbertos(codigoSessao: Membro['codigoSessao'], escopo: string | null, at: Date): Promise<void> {
    const params: unknown[] = [codigoSessao, at];
    await this.q.query(
      `update ${this.t.tabela} set invalidado_em = $2
        where codigo_sessao = $1${this.filtro(escopo, params)} and usado_em is null and invalidado_em is null`,
      params,
    );
  }

  async inserir(c: {
    origemId: string;
    codigoSessao: Membro['codigoSessao'];
    escopo: string | null;
    destino: string;
    codigoHmac: string;
    at: Date;
    expiraEm: Date;
  }): Promise<void> {
    const colunas = [this.t.origem, 'codigo_sessao', 'destino', 'codigo_hmac', 'criado_em', 'expira_em'];
    const valores: unknown[] = [c.origemId, c.codigoSessao, c.destino, c.codigoHmac, c.at, c.expiraEm];
    if (this.t.escopo) {
      colunas.push(this.t.escopo);
      valores.push(c.escopo);
    }
    await this.q.query(
      `insert into ${this.t.tabela} (${colunas.join(', ')}) values (${valores.map((_, i) => `$${i + 1}`).join(', ')})`,
      valores,
    );
  }

  /**
   * The session's open code, locked until the transaction ends: two confirmations of one code run
   * one after the other, so tries are counted exactly and a code is used once.
   */
  async abertoParaConfirmar(
    codigoSessao: Membro['codigoSessao'],
    escopo: string | null,
  ): Promise<CodigoParaConfirmar | null> {
    const params: unknown[] = [codigoSessao];
    const [row] = await this.q.query<CodigoParaConfirmar>(
      `select id::text as id, ${this.t.origem}::text as "origemId", codigo_hmac, expira_em, tentativas
         from ${this.t.tabela}
        where codigo_sessao = $1${this.filtro(escopo, params)} and usado_em is null and invalidado_em is null
        order by id desc limit 1
        for update`,
      params,
    );
    return row ?? null;
  }

  async contarTentativa(id: string): Promise<number> {
    const [row] = await this.q.query<{ tentativas: number }>(
      `update ${this.t.tabela} set tentativas = tentativas + 1 where id = $1 returning tentativas`,
      [id],
    );
    return row?.tentativas ?? Number.MAX_SAFE_INTEGER;
  }

  async marcarUsado(id: string, at: Date): Promise<void> {
    await this.q.query(`update ${this.t.tabela} set usado_em = $2 where id = $1`, [id, at]);
  }
}
