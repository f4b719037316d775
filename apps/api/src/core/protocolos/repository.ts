import type { SituacaoProtocolo, TipoProtocolo } from '@portal/contract/protocolos';
import type { SituacaoReembolso } from '@portal/contract/reembolso';
import type { Queryable } from '../../db/db';

/** Kinds of request (issues 7 and 8, migration 0011) and statuses: 'Meus Protocolos' names them. */
export type { SituacaoProtocolo, TipoProtocolo };

export interface NovoProtocolo {
  numero: string;
  cpf: string;
  codigoContrato: string;
  codigoBeneficiario: string | null;
  tipo: TipoProtocolo;
  assunto: string;
  situacao: SituacaoProtocolo;
  criadoEm: Date;
  /** AAAA-MM-DD */
  prazoResposta: string;
  /** Requests concluded on the spot (a contracting, a rating) carry their answer at once. */
  resposta: string | null;
}

/** Protocol rows and the per-day sequence (0006_servicos.sql). Always used inside a transaction. */
export class ProtocolosRepository {
  constructor(private readonly q: Queryable) {}

  com(tx: Queryable): ProtocolosRepository {
    return new ProtocolosRepository(tx);
  }

  /**
   * The next number of the day. The upsert locks the day's row until the transaction ends, so two
   * requests never get the same number, and a request that rolls back gives its number back.
   */
  async proximaSequencia(dia: string): Promise<number> {
    const [row] = await this.q.query<{ ultimo: number }>(
      `insert into protocolo_sequencias as s (dia, ultimo) values ($1, 1)
       on conflict (dia) do update set ultimo = s.ultimo + 1
       returning ultimo`,
      [dia],
    );
    if (!row) throw new Error('protocol sequence upsert returned nothing');
    return Number(row.ultimo);
  }

  async inserir(p: NovoProtocolo): Promise<void> {
    await this.q.query(
      `insert into protocolos (numero, cpf, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, criado_em,
         prazo_resposta, respondido_em, resposta)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        p.numero,
        p.cpf,
        p.codigoContrato,
        p.codigoBeneficiario,
        p.tipo,
        p.assunto.slice(0, 300),
        p.situacao,
        p.criadoEm,
        p.prazoResposta,
        p.situacao === 'CONCLUIDO' ? p.criadoEm : null,
        p.resposta,
      ],
    );
    await this.registrarEvento(p.numero, p.criadoEm, 'ABERTO', 'Solicitação registrada pelo portal.');
    if (p.situacao !== 'ABERTO') {
      await this.registrarEvento(p.numero, p.criadoEm, p.situacao, p.resposta ?? 'Solicitação em análise.');
    }
  }

  /** One line of a protocol's history (protocolo_eventos), in the transaction of the change. */
  async registrarEvento(numero: string, em: Date, situacao: SituacaoProtocolo, descricao: string): Promise<void> {
    await this.q.query('insert into protocolo_eventos (numero, em, situacao, descricao) values ($1, $2, $3, $4)', [
      numero,
      em,
      situacao,
      descricao.slice(0, 2000),
    ]);
  }
}

/** A protocol as the operator's queue reads it (integration API, decision 0032): no CPF, no contact. */
export interface ProtocoloDaFila {
  numero: string;
  tipo: TipoProtocolo;
  assunto: string;
  situacao: SituacaoProtocolo;
  /** A REEMBOLSO protocol's step in Reembolso's words (migration 0044); null for other kinds. */
  situacaoReembolso: SituacaoReembolso | null;
  canal: string;
  criadoEm: Date;
  /** AAAA-MM-DD */
  prazoResposta: string;
  respondidoEm: Date | null;
  respondidoPor: string | null;
  resposta: string | null;
  codigoContrato: string;
  codigoBeneficiario: string | null;
}

/** The answer as stored (the natural check of a repeated identical answer). */
export interface RespostaGravada {
  tipo: TipoProtocolo;
  situacao: SituacaoProtocolo;
  resposta: string | null;
  pdfSha256: string | null;
  /** Moved on by every change of the row or its history (migration 0037). */
  versao: number;
}

const COLUNAS_FILA = `p.numero, p.tipo, p.assunto, p.situacao, p.situacao_reembolso as "situacaoReembolso", p.canal, p.criado_em as "criadoEm",
  p.prazo_resposta::text as "prazoResposta", p.respondido_em as "respondidoEm", p.respondido_por as "respondidoPor",
  p.resposta, p.codigo_contrato as "codigoContrato", p.codigo_beneficiario as "codigoBeneficiario"`;

/**
 * The operator's reads and its answer (integration API, decision 0032): any member's protocol, by
 * number; the answer is written in the caller's transaction, the row locked first.
 */
export class FilaDeProtocolosRepository {
  constructor(private readonly q: Queryable) {}

  /**
   * The protocols still waiting, counted by type and deadline day (the queue's partial index): the
   * metrics, and the console's queue cards — there `responsavel` narrows it to one staff account's
   * protocols (migration 0037) or, null, to those nobody took.
   */
  abertosPorPrazo(f: { responsavel?: string | null | undefined } = {}) {
    const dono =
      f.responsavel === undefined
        ? ''
        : f.responsavel === null
          ? 'and not exists (select 1 from protocolo_responsaveis pr where pr.numero = p.numero)'
          : 'and exists (select 1 from protocolo_responsaveis pr where pr.numero = p.numero and pr.conta_id = $1)';
    return this.q.query<{ tipo: TipoProtocolo; prazo: string; n: number }>(
      `select p.tipo, p.prazo_resposta::text as prazo, count(*)::int as n from protocolos p
        where p.situacao in ('ABERTO', 'EM_ANALISE') ${dono} group by p.tipo, p.prazo_resposta`,
      f.responsavel ? [f.responsavel] : [],
    );
  }

  /** By deadline then number (overdue first), after the cursor; `abertos`: only those still waiting. */
  async listar(f: {
    abertos: boolean;
    tipo?: TipoProtocolo | undefined;
    venceAte?: string | undefined;
    depoisDe?: { prazo: string; numero: string } | undefined;
    limite: number;
  }): Promise<ProtocoloDaFila[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.abertos) where.push(`p.situacao in ('ABERTO', 'EM_ANALISE')`);
    if (f.tipo) where.push(`p.tipo = $${params.push(f.tipo)}`);
    if (f.venceAte) where.push(`p.prazo_resposta <= $${params.push(f.venceAte)}::date`);
    if (f.depoisDe) {
      const a = params.push(f.depoisDe.prazo);
      const b = params.push(f.depoisDe.numero);
      where.push(`(p.prazo_resposta, p.numero) > ($${a}::date, $${b})`);
    }
    const limite = params.push(f.limite);
    return this.q.query<ProtocoloDaFila>(
      `select ${COLUNAS_FILA} from protocolos p
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by p.prazo_resposta, p.numero
       limit $${limite}`,
      params,
    );
  }

  async buscar(numero: string): Promise<(ProtocoloDaFila & { cpf: string; solicitante: string }) | null> {
    const [row] = await this.q.query<ProtocoloDaFila & { cpf: string; solicitante: string }>(
      `select ${COLUNAS_FILA}, p.cpf, s.nome as solicitante
       from protocolos p join pessoas s on s.cpf = p.cpf where p.numero = $1`,
      [numero],
    );
    return row ?? null;
  }

  async historico(numero: string): Promise<EventoLido[]> {
    return this.q.query<EventoLido>(
      `select em, situacao, situacao_reembolso as "situacaoReembolso", descricao from protocolo_eventos
        where numero = $1 order by em, id`,
      [numero],
    );
  }

  /** Locks the row until the transaction ends (two answers at once are applied one after the other). */
  async travar(numero: string): Promise<RespostaGravada | null> {
    const [row] = await this.q.query<RespostaGravada>(
      `select tipo, situacao, resposta, resposta_pdf_sha256 as "pdfSha256", versao
       from protocolos where numero = $1 for update`,
      [numero],
    );
    return row ?? null;
  }

  /** The latest line of the history (a repeated step is recognised by it). */
  async ultimoEvento(numero: string): Promise<EventoLido | null> {
    const [row] = await this.q.query<EventoLido>(
      `select em, situacao, situacao_reembolso as "situacaoReembolso", descricao from protocolo_eventos
        where numero = $1 order by em desc, id desc limit 1`,
      [numero],
    );
    return row ?? null;
  }

  async registrarEvento(numero: string, em: Date, situacao: SituacaoProtocolo, descricao: string): Promise<void> {
    await new ProtocolosRepository(this.q).registrarEvento(numero, em, situacao, descricao);
  }

  /** A status that is not an answer ('Em análise' while the member is asked for more): the answer stays. */
  async mudarSituacao(numero: string, situacao: SituacaoProtocolo): Promise<void> {
    await this.q.query('update protocolos set situacao = $2 where numero = $1', [numero, situacao]);
  }

  async responder(r: {
    numero: string;
    situacao: SituacaoProtocolo;
    resposta: string;
    em: Date;
    por: string;
    pdf: Buffer | null;
    pdfSha256: string | null;
  }): Promise<void> {
    await this.q.query(
      `update protocolos set situacao = $2, resposta = $3, respondido_em = $4, respondido_por = $5,
         resposta_pdf = $6, resposta_pdf_sha256 = $7
       where numero = $1`,
      [r.numero, r.situacao, r.resposta, r.em, r.por, r.pdf, r.pdfSha256],
    );
  }
}

export interface EventoLido {
  em: Date;
  situacao: SituacaoProtocolo;
  /** A REEMBOLSO protocol's line: the request's step (migration 0044); null otherwise. */
  situacaoReembolso: SituacaoReembolso | null;
  descricao: string;
}
