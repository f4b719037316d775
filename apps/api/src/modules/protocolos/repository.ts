import type { SituacaoProtocolo, TipoProtocolo } from '@portal/contract/protocolos';
import type { SituacaoReembolso } from '@portal/contract/reembolso';
import type { DocumentoUsual } from '@portal/contract/atendimento';
import type { Queryable } from '../../db/db';
import type { EventoLido } from '../../core/protocolos/repository';
import type { Membro } from '../../core/sessao/membro';

/** A protocol as 'Meus Protocolos' reads it, with the names of who asked and whom it is about. */
export interface ProtocoloLido {
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
  resposta: string | null;
  /**
   * Who answered: `integracao:<key id>` (the operator's API), `equipe:<account id>` (the staff
   * console), null for answers the portal gave itself.
   */
  respondidoPor: string | null;
  /** The staff member's name when the console answered. */
  respondidoPorNome: string | null;
  /** The operator attached a PDF to its answer (resposta_pdf, migration 0025). */
  temAnexo: boolean;
  solicitante: string;
  cpfSolicitante: string;
  beneficiario: string | null;
  codigoContrato: string;
  plano: string;
  registroAnsPlano: string | null;
}

/** A REEMBOLSO protocol's request as 'Meus Protocolos' shows it (reembolsos, migration 0043). */
export interface ReembolsoDoProtocolo {
  situacao: SituacaoReembolso;
  documentosPedidos: DocumentoUsual[];
  valorPreviaCentavos: number | null;
  valorPagoCentavos: number;
  previaTabelaCentavos: number | null;
  previaMultiplo: number | null;
  previaCoparticipacaoCentavos: number | null;
  previaCoparticipacaoPercentual: number | null;
  previaReferencia: string | null;
  previaLimitada: boolean | null;
}

/**
 * Kinds about a person's own data (LGPD art. 18): the holder does not see a dependent's, even when
 * they concern a beneficiary of the contract.
 */
const PESSOAIS: TipoProtocolo[] = ['CORRECAO_DADOS', 'REVOGACAO_CONSENTIMENTO'];

/**
 * The SQL condition "protocol row `alias` is visible to this member" (decision 0017): always the
 * session's contract; there, the protocols the member asked for, and — for the holder or financial
 * responsible — those about a beneficiary of the contract (a dependent's requests), except a
 * dependent's requests about their own personal data. Parameters are appended to `params`.
 */
export function protocoloVisivel(membro: Membro, alias: string, params: unknown[]): string {
  params.push(membro.codigoContrato, membro.cpf);
  const contrato = `$${params.length - 1}`;
  const cpf = `$${params.length}`;
  if (!membro.veTodoContrato) return `(${alias}.codigo_contrato = ${contrato} and ${alias}.cpf = ${cpf})`;
  params.push(PESSOAIS);
  return (
    `(${alias}.codigo_contrato = ${contrato} and (${alias}.cpf = ${cpf} or ` +
    `(${alias}.codigo_beneficiario is not null and ${alias}.tipo <> all($${params.length}::text[]))))`
  );
}

const COLUNAS = `p.numero, p.tipo, p.assunto, p.situacao, p.situacao_reembolso as "situacaoReembolso", p.canal, p.criado_em as "criadoEm",
  p.prazo_resposta::text as "prazoResposta", p.respondido_em as "respondidoEm", p.resposta,
  p.respondido_por as "respondidoPor", ec.nome as "respondidoPorNome", (p.resposta_pdf is not null) as "temAnexo", s.nome as solicitante, p.cpf as "cpfSolicitante", pb.nome as beneficiario, p.codigo_contrato as "codigoContrato",
  pl.nome as plano, pl.registro_ans as "registroAnsPlano"`;

const ORIGEM = `protocolos p
  join pessoas s on s.cpf = p.cpf
  join contratos ct on ct.codigo_contrato = p.codigo_contrato
  join planos pl on pl.codigo_plano = ct.codigo_plano
  left join beneficiarios b on b.codigo_beneficiario = p.codigo_beneficiario
  left join pessoas pb on pb.cpf = b.cpf
  left join equipe_contas ec on p.respondido_por = 'equipe:' || ec.id::text`;

/** 'Meus Protocolos' reads (decision 0017): every method takes the Membro and scopes the SQL with it. */
export class MeusProtocolosRepository {
  constructor(private readonly q: Queryable) {}

  /** Newest first, a page at a time, optionally only one number; `total` counts every match. */
  async listar(
    membro: Membro,
    filtro: { numero?: string | undefined; limite: number; deslocamento: number },
  ): Promise<{ itens: ProtocoloLido[]; total: number }> {
    const params: unknown[] = [];
    let where = protocoloVisivel(membro, 'p', params);
    if (filtro.numero) {
      params.push(filtro.numero);
      where += ` and p.numero = $${params.length}`;
    }
    params.push(filtro.limite, filtro.deslocamento);
    const rows = await this.q.query<ProtocoloLido & { total: number }>(
      `select ${COLUNAS}, count(*) over ()::int as total
       from ${ORIGEM}
       where ${where}
       order by p.criado_em desc, p.numero desc
       limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    if (rows.length === 0 && filtro.deslocamento > 0) {
      // A page past the end: the count still tells the client how many pages there are.
      const [c] = await this.q.query<{ total: number }>(
        `select count(*)::int as total from ${ORIGEM} where ${where}`,
        params.slice(0, -2),
      );
      return { itens: [], total: c?.total ?? 0 };
    }
    return { itens: rows.map(({ total: _t, ...p }) => p), total: rows[0]?.total ?? 0 };
  }

  async buscar(membro: Membro, numero: string): Promise<ProtocoloLido | null> {
    const params: unknown[] = [];
    const where = protocoloVisivel(membro, 'p', params);
    params.push(numero);
    const [row] = await this.q.query<ProtocoloLido>(
      `select ${COLUNAS} from ${ORIGEM} where ${where} and p.numero = $${params.length}`,
      params,
    );
    return row ?? null;
  }

  /** The PDF the operator attached to its answer, of a protocol the member may see; null otherwise. */
  async anexo(membro: Membro, numero: string): Promise<Buffer | null> {
    const params: unknown[] = [];
    const where = protocoloVisivel(membro, 'p', params);
    params.push(numero);
    const [row] = await this.q.query<{ pdf: Uint8Array | null }>(
      `select p.resposta_pdf as pdf from protocolos p where ${where} and p.numero = $${params.length}`,
      params,
    );
    return row?.pdf ? Buffer.from(row.pdf) : null;
  }

  /**
   * The reimbursement request of a REEMBOLSO protocol the member may see (issue 31): its status and
   * the estimate's parts as they were when sent; null for any other number or kind.
   */
  async reembolso(membro: Membro, numero: string): Promise<ReembolsoDoProtocolo | null> {
    const params: unknown[] = [];
    const where = protocoloVisivel(membro, 'p', params);
    params.push(numero);
    const [row] = await this.q.query<ReembolsoDoProtocolo>(
      `select r.situacao, r.documentos_pedidos as "documentosPedidos", r.valor_previa_centavos as "valorPreviaCentavos", r.valor_pago_centavos as "valorPagoCentavos",
              r.previa_tabela_centavos as "previaTabelaCentavos", r.previa_multiplo::float8 as "previaMultiplo",
              r.previa_coparticipacao_centavos as "previaCoparticipacaoCentavos",
              r.previa_coparticipacao_percentual::float8 as "previaCoparticipacaoPercentual",
              r.previa_referencia as "previaReferencia", r.previa_limitada as "previaLimitada"
         from reembolsos r join protocolos p on p.numero = r.protocolo
        where ${where} and p.numero = $${params.length}`,
      params,
    );
    return row ?? null;
  }

  /** The history of a protocol the member may see, oldest first (empty for any other number). */
  async historico(membro: Membro, numero: string): Promise<EventoLido[]> {
    const params: unknown[] = [];
    const where = protocoloVisivel(membro, 'p', params);
    params.push(numero);
    return this.q.query<EventoLido>(
      `select e.em, e.situacao, e.situacao_reembolso as "situacaoReembolso", e.descricao
       from protocolo_eventos e join protocolos p on p.numero = e.numero
       where ${where} and e.numero = $${params.length}
       order by e.em, e.id`,
      params,
    );
  }
}
