import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

/** An installment as stored (amounts in centavos, dates YYYY-MM-DD). */
export interface MensalidadeRow {
  codigoMensalidade: string;
  competencia: string;
  vencimento: string;
  valorCentavos: number;
  pagoEm: string | null;
  /** What the bank received, when the operator's data says (more than the billed amount if paid late). */
  valorPagoCentavos: number | null;
  banco: string;
  campoLivre: string;
}

export interface ItemMensalidadeRow {
  codigoBeneficiario: string;
  beneficiario: string;
  tipo: 'MENSALIDADE' | 'COPARTICIPACAO';
  descricao: string;
  valorCentavos: number;
}

export interface CoParticipacaoRow {
  competencia: string;
  data: string;
  beneficiario: string;
  descricao: string;
  prestador: string;
  valorCentavos: number;
}

/** What an IRPF informe adds up per beneficiary and month of payment. */
export interface PagamentoIrpfRow {
  codigoBeneficiario: string;
  nome: string;
  cpf: string;
  dataNascimento: string | null;
  titular: boolean;
  parentesco: string | null;
  competencia: string;
  pagoEm: string;
  tipo: 'MENSALIDADE' | 'COPARTICIPACAO';
  valorCentavos: number;
}

/** Reimbursements paid to a beneficiary in a year (the IRPF informe lists them apart). */
export interface ReembolsoIrpfRow {
  codigoBeneficiario: string;
  nome: string;
  cpf: string;
  dataNascimento: string | null;
  titular: boolean;
  parentesco: string | null;
  valorCentavos: number;
  quantidade: number;
}

/** The people a document is addressed to. */
export interface TitularidadeRow {
  nome: string;
  cpf: string;
  codigoContrato: string;
  plano: string;
  registroAnsPlano: string | null;
  inicioVigencia: string;
  codigoBeneficiario: string | null;
}

const MENSALIDADE = `m.codigo_mensalidade as "codigoMensalidade", m.competencia::text as competencia,
  m.vencimento::text as vencimento, m.valor_centavos::int as "valorCentavos", m.pago_em::text as "pagoEm",
  m.valor_pago_centavos::int as "valorPagoCentavos", m.banco, m.campo_livre as "campoLivre"`;

/**
 * Finance data, always through the member: installments belong to the member's contract (the
 * contract is in every WHERE), co-participation rows to the beneficiaries the member may see. A
 * code of another contract matches nothing, which the service answers as 404.
 */
export class FinanceiroRepository {
  constructor(private readonly db: Queryable) {}

  /** Installments of the member's contract with competence from `desde` (YYYY-MM-01) on, newest first. */
  listarMensalidades(membro: Membro, desde: string): Promise<MensalidadeRow[]> {
    return this.db.query<MensalidadeRow>(
      `select ${MENSALIDADE} from mensalidades m
        where m.codigo_contrato = $1 and m.competencia >= $2
        order by m.competencia desc`,
      [membro.codigoContrato, desde],
    );
  }

  /** One installment of the member's contract, or null (another contract's code included). */
  async mensalidade(membro: Membro, codigoMensalidade: string): Promise<MensalidadeRow | null> {
    const [row] = await this.db.query<MensalidadeRow>(
      `select ${MENSALIDADE} from mensalidades m where m.codigo_contrato = $1 and m.codigo_mensalidade = $2`,
      [membro.codigoContrato, codigoMensalidade],
    );
    return row ?? null;
  }

  /** Every installment of the member's contract whose competence falls in `ano`. */
  mensalidadesDoAno(membro: Membro, ano: number): Promise<MensalidadeRow[]> {
    return this.db.query<MensalidadeRow>(
      `select ${MENSALIDADE} from mensalidades m
        where m.codigo_contrato = $1 and m.competencia >= make_date($2, 1, 1) and m.competencia < make_date($2 + 1, 1, 1)
        order by m.competencia`,
      [membro.codigoContrato, ano],
    );
  }

  /** What an installment of the member's contract charged, beneficiary by beneficiary. */
  itens(membro: Membro, codigoMensalidade: string): Promise<ItemMensalidadeRow[]> {
    return this.db.query<ItemMensalidadeRow>(
      `select i.codigo_beneficiario as "codigoBeneficiario", p.nome as beneficiario, i.tipo, i.descricao,
              i.valor_centavos::int as "valorCentavos"
         from mensalidade_itens i
         join mensalidades m on m.codigo_mensalidade = i.codigo_mensalidade
         join beneficiarios b on b.codigo_beneficiario = i.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where m.codigo_contrato = $1 and i.codigo_mensalidade = $2
        order by i.ordem`,
      [membro.codigoContrato, codigoMensalidade],
    );
  }

  /**
   * Co-participation of the beneficiaries the member may see (a dependant: only their own), with
   * competence between `desde` and `ate` (YYYY-MM-01, inclusive), oldest service first.
   */
  coParticipacoes(membro: Membro, desde: string, ate: string): Promise<CoParticipacaoRow[]> {
    const params: unknown[] = [desde, ate];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    return this.db.query<CoParticipacaoRow>(
      `select c.competencia::text as competencia, c.data_atendimento::text as data, p.nome as beneficiario,
              c.descricao, c.prestador, c.valor_centavos::int as "valorCentavos"
         from coparticipacoes c
         join beneficiarios b on b.codigo_beneficiario = c.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where c.competencia between $1 and $2 and ${visivel}
        order by c.competencia desc, c.data_atendimento, c.id`,
      params,
    );
  }

  /**
   * Payments made in calendar year `ano` (by payment date: what the IRPF counts), item by item,
   * with each beneficiary's identification.
   */
  pagamentosDoAno(membro: Membro, ano: number): Promise<PagamentoIrpfRow[]> {
    return this.db.query<PagamentoIrpfRow>(
      `select i.codigo_beneficiario as "codigoBeneficiario", p.nome, p.cpf, p.data_nascimento::text as "dataNascimento",
              (b.tipo = 'TITULAR') as titular, b.parentesco, m.competencia::text as competencia,
              m.pago_em::text as "pagoEm", i.tipo, i.valor_centavos::int as "valorCentavos"
         from mensalidades m
         join mensalidade_itens i on i.codigo_mensalidade = m.codigo_mensalidade
         join beneficiarios b on b.codigo_beneficiario = i.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where m.codigo_contrato = $1 and m.pago_em >= make_date($2, 1, 1) and m.pago_em < make_date($2 + 1, 1, 1)
        order by (b.tipo = 'TITULAR') desc, b.codigo_beneficiario, m.pago_em, i.ordem`,
      [membro.codigoContrato, ano],
    );
  }

  /**
   * Reimbursements the operator paid in calendar year `ano` (issue 18, by payment date), per
   * beneficiary of the member's contract.
   */
  reembolsosPagosNoAno(membro: Membro, ano: number): Promise<ReembolsoIrpfRow[]> {
    return this.db.query<ReembolsoIrpfRow>(
      `select r.codigo_beneficiario as "codigoBeneficiario", p.nome, p.cpf, p.data_nascimento::text as "dataNascimento",
              (b.tipo = 'TITULAR') as titular, b.parentesco, sum(r.valor_aprovado_centavos)::int as "valorCentavos",
              count(*)::int as quantidade
         from reembolsos r
         join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where r.codigo_contrato = $1 and r.situacao = 'pago'
          and r.pago_em >= make_date($2, 1, 1) and r.pago_em < make_date($2 + 1, 1, 1)
        group by r.codigo_beneficiario, p.nome, p.cpf, p.data_nascimento, b.tipo, b.parentesco
        order by (b.tipo = 'TITULAR') desc, r.codigo_beneficiario`,
      [membro.codigoContrato, ano],
    );
  }

  /** Calendar years before `anoAtual` in which the member's contract paid something, newest first. */
  async anosComPagamento(membro: Membro, anoAtual: number): Promise<number[]> {
    const rows = await this.db.query<{ ano: number }>(
      `select distinct extract(year from m.pago_em)::int as ano from mensalidades m
        where m.codigo_contrato = $1 and m.pago_em is not null and m.pago_em < make_date($2, 1, 1)
        order by ano desc`,
      [membro.codigoContrato, anoAtual],
    );
    return rows.map((r) => r.ano);
  }

  /** The member, their contract and plan: who a document is addressed to. */
  async titularidade(membro: Membro): Promise<TitularidadeRow> {
    const [row] = await this.db.query<TitularidadeRow>(
      `select p.nome, p.cpf, ct.codigo_contrato as "codigoContrato", pl.nome as plano,
              pl.registro_ans as "registroAnsPlano", ct.data_inicio_vigencia::text as "inicioVigencia",
              $3::text as "codigoBeneficiario"
         from contratos ct
         join planos pl on pl.codigo_plano = ct.codigo_plano
         join pessoas p on p.cpf = $2
        where ct.codigo_contrato = $1`,
      [membro.codigoContrato, membro.cpf, membro.codigoBeneficiario],
    );
    if (!row) throw new Error(`contrato ${membro.codigoContrato} da sessão não existe`);
    return row;
  }
}
