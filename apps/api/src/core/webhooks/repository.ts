import type { Queryable } from '../../db/db';

export interface EndpointRow {
  id: string;
  url: string;
  eventos: string[];
  segredo: string;
  segredo_anterior: string | null;
  segredo_anterior_ate: string | Date | null;
  ativo: boolean;
  criado_em: string | Date;
  desativado_em: string | Date | null;
  motivo_desativacao: string | null;
  descricao: string | null;
}

/** One delivery as the integration API lists it, with its last attempt. */
export interface EntregaListada {
  id: string;
  mensagem_id: string;
  tipo: string;
  endpoint_id: string;
  situacao: string;
  tentativas: number;
  mensagem_criada_em: string | Date;
  entregue_em: string | Date | null;
  ultima_em: string | Date | null;
  ultimo_status_http: number | null;
  ultimo_resultado: string | null;
  /** For the staff console (decision 0033): the endpoint's URL, the next try of a pending one, the last error. */
  url: string;
  proxima_em: string | Date | null;
  ultimo_erro: string | null;
}

export interface FiltroDeEntregas {
  endpointId?: string | undefined;
  mensagemId?: string | undefined;
  situacao?: string | undefined;
  desde?: Date | undefined;
  ate?: Date | undefined;
  /** Only deliveries with a smaller id (keyset, newest first). */
  antesDe?: string | undefined;
  limite: number;
}

/** A claimed delivery: what the worker needs to post it. */
export interface EntregaReservada {
  id: string;
  mensagemId: string;
  endpointId: string;
  tentativas: number;
  url: string;
  payload: unknown;
  segredo: string;
  segredoAnterior: string | null;
  segredoAnteriorAte: Date | null;
}

export interface Tentativa {
  em: Date;
  statusHttp: number | null;
  duracaoMs: number;
  resultado: string;
  erro: string | null;
}

/** SQL of the webhook tables (migration 0024). */
export class WebhooksRepository {
  constructor(private readonly q: Queryable) {}

  async inserirEndpoint(e: {
    id: string;
    url: string;
    eventos: string[];
    segredo: string;
    criadoEm: Date;
    descricao?: string | null;
  }) {
    await this.q.query(
      'insert into webhook_endpoints (id, url, eventos, segredo, criado_em, descricao) values ($1, $2, $3, $4, $5, $6)',
      [e.id, e.url, e.eventos, e.segredo, e.criadoEm, e.descricao ?? null],
    );
  }

  /** Changes url, events or description (what is undefined stays). */
  async alterarEndpoint(
    id: string,
    m: { url?: string | undefined; eventos?: string[] | undefined; descricao?: string | null | undefined },
  ): Promise<void> {
    await this.q.query(
      `update webhook_endpoints
          set url = coalesce($2, url), eventos = coalesce($3, eventos),
              descricao = case when $4::boolean then $5 else descricao end
        where id = $1`,
      [id, m.url ?? null, m.eventos ?? null, m.descricao !== undefined, m.descricao ?? null],
    );
  }

  /** Turns a disabled endpoint back on (it gets new events; what was cancelled stays cancelled until replayed). */
  async reativar(id: string): Promise<void> {
    await this.q.query(
      `update webhook_endpoints set ativo = true, desativado_em = null, motivo_desativacao = null where id = $1`,
      [id],
    );
  }

  /** Deliveries, newest first, filtered; each with its last attempt. */
  listarEntregas(f: FiltroDeEntregas): Promise<EntregaListada[]> {
    const params: unknown[] = [];
    const onde: string[] = [];
    const add = (cond: (n: string) => string, v: unknown) => {
      params.push(v);
      onde.push(cond(`$${params.length}`));
    };
    if (f.endpointId !== undefined) add((n) => `w.endpoint_id = ${n}`, f.endpointId);
    if (f.mensagemId !== undefined) add((n) => `w.mensagem_id = ${n}`, f.mensagemId);
    if (f.situacao !== undefined) add((n) => `w.situacao = ${n}`, f.situacao);
    if (f.desde !== undefined) add((n) => `m.criado_em >= ${n}`, f.desde);
    if (f.ate !== undefined) add((n) => `m.criado_em <= ${n}`, f.ate);
    if (f.antesDe !== undefined) add((n) => `w.id < ${n}::bigint`, f.antesDe);
    params.push(f.limite);
    return this.q.query<EntregaListada>(
      `select w.id::text as id, w.mensagem_id, m.tipo, w.endpoint_id, w.situacao, w.tentativas,
              m.criado_em as mensagem_criada_em, w.entregue_em,
              t.em as ultima_em, t.status_http as ultimo_status_http, t.resultado as ultimo_resultado,
              e.url, case when w.situacao = 'pendente' then w.proxima_em end as proxima_em, t.erro as ultimo_erro
         from webhook_entregas w
         join webhook_mensagens m on m.id = w.mensagem_id
         join webhook_endpoints e on e.id = w.endpoint_id
         left join lateral (
           select em, status_http, resultado, erro from webhook_tentativas
            where entrega_id = w.id order by id desc limit 1
         ) t on true
        ${onde.length ? `where ${onde.join(' and ')}` : ''}
        order by w.id desc
        limit $${params.length}`,
      params,
    );
  }

  endpoints(): Promise<EndpointRow[]> {
    return this.q.query<EndpointRow>('select * from webhook_endpoints order by criado_em, id');
  }

  async endpoint(id: string): Promise<EndpointRow | null> {
    const [row] = await this.q.query<EndpointRow>('select * from webhook_endpoints where id = $1', [id]);
    return row ?? null;
  }

  /** The endpoint locked until the transaction ends (a rotation reads its secret, then replaces it). */
  async endpointParaAlterar(id: string): Promise<EndpointRow | null> {
    const [row] = await this.q.query<EndpointRow>('select * from webhook_endpoints where id = $1 for update', [id]);
    return row ?? null;
  }

  async trocarSegredo(id: string, novo: string, anterior: string, anteriorAte: Date): Promise<void> {
    await this.q.query(
      `update webhook_endpoints set segredo = $2, segredo_anterior = $3, segredo_anterior_ate = $4 where id = $1`,
      [id, novo, anterior, anteriorAte],
    );
  }

  /** Disables the endpoint and cancels what is still waiting for it. */
  async desativar(id: string, motivo: string, em: Date): Promise<boolean> {
    const rows = await this.q.query(
      `update webhook_endpoints set ativo = false, desativado_em = $3, motivo_desativacao = $2
        where id = $1 and ativo returning 1`,
      [id, motivo, em],
    );
    await this.q.query(
      `update webhook_entregas set situacao = 'cancelada' where endpoint_id = $1 and situacao = 'pendente'`,
      [id],
    );
    return rows.length > 0;
  }

  /** The event and one delivery per active endpoint subscribed to its type (same transaction as the request). */
  async registrarMensagem(m: { id: string; tipo: string; payload: unknown; criadoEm: Date; filaEm: Date }) {
    await this.q.query('insert into webhook_mensagens (id, tipo, payload, criado_em) values ($1, $2, $3, $4)', [
      m.id,
      m.tipo,
      JSON.stringify(m.payload),
      m.criadoEm,
    ]);
    await this.q.query(
      `insert into webhook_entregas (mensagem_id, endpoint_id, proxima_em, criado_em)
       select $1, id, $3, $3 from webhook_endpoints where ativo and $2 = any (eventos)`,
      [m.id, m.tipo, m.filaEm],
    );
  }

  /**
   * Replay: the messages chosen by `onde` go again, with a fresh retry budget, to every active
   * endpoint subscribed to their type (the same webhook-id: a receiver that got it already drops it).
   */
  async reenviar(onde: string, params: unknown[], em: Date): Promise<number> {
    const rows = await this.q.query(
      `insert into webhook_entregas (mensagem_id, endpoint_id, proxima_em, criado_em)
       select m.id, e.id, $${params.length + 1}, $${params.length + 1}
         from webhook_mensagens m join webhook_endpoints e on e.ativo and m.tipo = any (e.eventos)
        where ${onde}
       on conflict (mensagem_id, endpoint_id) do update
          set situacao = 'pendente', tentativas = 0, proxima_em = excluded.proxima_em, entregue_em = null
       returning 1`,
      [...params, em],
    );
    return rows.length;
  }

  async mensagemExiste(id: string): Promise<boolean> {
    return (await this.q.query('select 1 from webhook_mensagens where id = $1', [id])).length > 0;
  }

  /**
   * Claims the next due delivery (`for update skip locked`: instances never claim the same row) and
   * moves its time to the end of a lease: a worker killed mid-delivery leaves it to be claimed again
   * when the lease ends. Call inside a transaction.
   */
  async reservar(agora: Date, arrendamentoMs: number): Promise<EntregaReservada | null> {
    const [row] = await this.q.query<{
      id: string;
      mensagem_id: string;
      endpoint_id: string;
      tentativas: number;
      url: string;
      payload: unknown;
      segredo: string;
      segredo_anterior: string | null;
      segredo_anterior_ate: string | Date | null;
    }>(
      `select w.id::text as id, w.mensagem_id, w.endpoint_id, w.tentativas, e.url, m.payload,
              e.segredo, e.segredo_anterior, e.segredo_anterior_ate
         from webhook_entregas w
         join webhook_endpoints e on e.id = w.endpoint_id
         join webhook_mensagens m on m.id = w.mensagem_id
        where w.situacao = 'pendente' and w.proxima_em <= $1 and e.ativo
        order by w.proxima_em, w.id
        limit 1
        for update of w skip locked`,
      [agora],
    );
    if (!row) return null;
    await this.q.query('update webhook_entregas set tentativas = tentativas + 1, proxima_em = $2 where id = $1', [
      row.id,
      new Date(agora.getTime() + arrendamentoMs),
    ]);
    return {
      id: row.id,
      mensagemId: row.mensagem_id,
      endpointId: row.endpoint_id,
      tentativas: row.tentativas + 1,
      url: row.url,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      segredo: row.segredo,
      segredoAnterior: row.segredo_anterior,
      segredoAnteriorAte: row.segredo_anterior_ate ? new Date(row.segredo_anterior_ate) : null,
    };
  }

  async registrarTentativa(entregaId: string, t: Tentativa): Promise<void> {
    await this.q.query(
      `insert into webhook_tentativas (entrega_id, em, status_http, duracao_ms, resultado, erro)
       values ($1, $2, $3, $4, $5, $6)`,
      [entregaId, t.em, t.statusHttp, t.duracaoMs, t.resultado, t.erro],
    );
  }

  async concluir(entregaId: string, situacao: 'entregue' | 'falhou' | 'cancelada', em: Date): Promise<void> {
    await this.q.query(
      `update webhook_entregas set situacao = $2, entregue_em = case when $2 = 'entregue' then $3::timestamptz end
        where id = $1 and situacao = 'pendente'`,
      [entregaId, situacao, em],
    );
  }

  async reagendar(entregaId: string, proximaEm: Date): Promise<void> {
    await this.q.query(`update webhook_entregas set proxima_em = $2 where id = $1 and situacao = 'pendente'`, [
      entregaId,
      proximaEm,
    ]);
  }

  /**
   * The delivery queue (metrics): deliveries still to be made and when the oldest was created (the
   * queue's partial index), and the dead letters (migration 0034's).
   */
  async resumoDaFila(): Promise<{ pendentes: number; maisAntigaEm: Date | null; falhas: number }> {
    const [p] = await this.q.query<{ n: number; mais_antiga: string | Date | null }>(
      `select count(*)::int as n, min(criado_em) as mais_antiga from webhook_entregas where situacao = 'pendente'`,
    );
    const [f] = await this.q.query<{ n: number }>(
      `select count(*)::int as n from webhook_entregas where situacao = 'falhou'`,
    );
    return {
      pendentes: p?.n ?? 0,
      maisAntigaEm: p?.mais_antiga ? new Date(p.mais_antiga) : null,
      falhas: f?.n ?? 0,
    };
  }

  /** The deliveries of a message with their attempts, newest attempt last (for the console and the CLI). */
  entregas(mensagemId: string) {
    return this.q.query<{
      endpoint_id: string;
      situacao: string;
      tentativas: number;
      status_http: number | null;
      resultado: string | null;
      duracao_ms: number | null;
      em: string | Date | null;
    }>(
      `select w.endpoint_id, w.situacao, w.tentativas, t.status_http, t.resultado, t.duracao_ms, t.em
         from webhook_entregas w left join webhook_tentativas t on t.entrega_id = w.id
        where w.mensagem_id = $1
        order by w.endpoint_id, t.id`,
      [mensagemId],
    );
  }
}
