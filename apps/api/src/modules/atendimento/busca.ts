import {
  BUSCA,
  BUSCA_ATENDIMENTO,
  type CriterioBuscaAtendimento,
  normalizarNumeroProtocolo,
  padraoDaPalavra,
  palavrasDaBusca,
  type SituacaoProtocolo,
  type SituacaoReembolso,
  type TipoProtocolo,
  type TipoReembolso,
} from '@portal/contract';
import type { Queryable } from '../../db/db';

/**
 * The console's one search box (issue 31 "Find anyone, from anywhere", decision 0052): what a typed
 * text is looked up by, and the SQL over the indexes of migration 0035.
 */

/** What one text is looked up by (several at once: '100234' may be a contract and a receipt). */
export interface CriteriosDaBusca {
  /** 11 digits once dots, dashes and spaces are gone. */
  cpf: string | null;
  /** 20 digits in any grouping. */
  protocolo: string | null;
  /** Card (codigo_beneficiario) or contract codes: the text as typed, and its digits when it is a number. */
  codigos: string[];
  /** A receipt number without punctuation, upper case ('NF-1.234' → 'NF1234'). */
  recibo: string | null;
  /** The words of a name (palavrasDaBusca); empty for a number, or with no word of 3 characters. */
  palavras: string[];
}

export function criteriosDaBusca(q: string): CriteriosDaBusca {
  const texto = q.trim();
  const digitos = texto.replace(/[\s.\-–/]/g, '');
  const numero = /^\d+$/.test(digitos);
  const recibo = texto.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const palavras = numero ? [] : palavrasDaBusca(texto);
  return {
    cpf: numero && digitos.length === 11 ? digitos : null,
    protocolo: normalizarNumeroProtocolo(texto),
    codigos: [...new Set(numero ? [texto, digitos] : [texto])],
    recibo: recibo ? recibo : null,
    // A trigram index narrows by a word of 3 characters or more; 'jo' alone would read every 'Jo…'.
    palavras: palavras.some((p) => p.length >= BUSCA.minCaracteresTrecho) ? palavras : [],
  };
}

/**
 * The name and social name as searched: guia_normalizar's words between spaces (so that a short
 * word can be matched at the start of one), stored with the row and indexed by migration 0041.
 */
const NOME_DE_BUSCA = 'pe.nome_busca';
/** The receipt number as searched (migration 0035 indexes exactly this expression). */
const RECIBO_DE_BUSCA = `upper(regexp_replace(r.numero_recibo, '[^0-9A-Za-z]', '', 'g'))`;

const ORDEM: Record<CriterioBuscaAtendimento, number> = {
  cpf: 1,
  protocolo: 2,
  carteirinha: 3,
  recibo: 4,
  contrato: 5,
  nome: 6,
};

export interface PessoaAchada {
  cpf: string;
  nome: string;
  criterio: CriterioBuscaAtendimento;
}

export interface Achadas {
  /** Each person once, numbers first, then by name. */
  pessoas: PessoaAchada[];
  /** More than BUSCA_ATENDIMENTO.maxPorNome people have the name: those found by it are a sample. */
  nomeComum: boolean;
}

export interface VinculoRow {
  cpf: string;
  nome: string;
  nomeSocial: string | null;
  codigoBeneficiario: string | null;
  codigoContrato: string | null;
  plano: string | null;
  tipo: string | null;
  parentesco: string | null;
  ativo: boolean | null;
  dataExclusao: string | null;
  dataCancelamento: string | null;
}

export interface ProtocoloDaPessoaRow {
  cpf: string;
  numero: string;
  tipo: TipoProtocolo;
  assunto: string;
  situacao: SituacaoProtocolo;
  criadoEm: Date;
  codigoContrato: string;
}

export interface ReembolsoDaPessoaRow {
  cpf: string;
  protocolo: string;
  tipo: TipoReembolso;
  beneficiario: string;
  dataAtendimento: string;
  prestador: string;
  valorPagoCentavos: number;
  situacao: SituacaoReembolso;
  criadoEm: Date;
  numeroRecibo: string;
  codigoContrato: string;
}

export class BuscaRepository {
  constructor(private readonly q: Queryable) {}

  /**
   * The people a text finds, each once (by its first criterion: a number before a name), at most
   * `limite` per criterion; every branch is one index lookup or one trigram scan. The name's scan
   * stops after BUSCA_ATENDIMENTO.maxPorNome + 1 matches, in the index's order, and only those are
   * sorted by name: its work is bounded however common the name is (sorting every match made
   * 'maria silva' read ~27 000 rows at 1 000 000 people). The one over the cap says it was reached.
   */
  async achar(c: CriteriosDaBusca, limite: number): Promise<Achadas> {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const ramos: string[] = [];
    const ramo = (criterio: CriterioBuscaAtendimento, sql: string) =>
      ramos.push(
        `(select pe.cpf, pe.nome, '${criterio}' as criterio, null::int as "porNome" ${sql} limit ${p(limite)})`,
      );

    if (c.cpf) ramo('cpf', `from pessoas pe where pe.cpf = ${p(c.cpf)}`);
    if (c.protocolo) {
      const n = p(c.protocolo);
      // Who asked, and whom the request is about (a dependant's).
      ramo('protocolo', `from protocolos x join pessoas pe on pe.cpf = x.cpf where x.numero = ${n}`);
      ramo(
        'protocolo',
        `from protocolos x join beneficiarios b on b.codigo_beneficiario = x.codigo_beneficiario
           join pessoas pe on pe.cpf = b.cpf where x.numero = ${n}`,
      );
    }
    const codigos = p(c.codigos);
    ramo(
      'carteirinha',
      `from beneficiarios b join pessoas pe on pe.cpf = b.cpf where b.codigo_beneficiario = any(${codigos}::text[])`,
    );
    if (c.recibo) {
      const r = p(c.recibo);
      ramo('recibo', `from reembolsos r join pessoas pe on pe.cpf = r.cpf where ${RECIBO_DE_BUSCA} = ${r}`);
      ramo(
        'recibo',
        `from reembolsos r join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
           join pessoas pe on pe.cpf = b.cpf where ${RECIBO_DE_BUSCA} = ${r}`,
      );
    }
    ramo(
      'contrato',
      `from beneficiarios b join pessoas pe on pe.cpf = b.cpf where b.codigo_contrato = any(${codigos}::text[])
         order by b.tipo desc, pe.nome`,
    );
    if (c.palavras.length) {
      // No order in the inner select: its limit ends the trigram scan early. The window counts what
      // it read (at most the cap and one), before the outer limit.
      const onde = c.palavras.map((w) => `${NOME_DE_BUSCA} like ${p(padraoDaPalavra(w))}`).join(' and ');
      ramos.push(
        `(select n.cpf, n.nome, 'nome' as criterio, (count(*) over ())::int as "porNome"
          from (select pe.cpf, pe.nome from pessoas pe where ${onde} limit ${p(BUSCA_ATENDIMENTO.maxPorNome + 1)}) n
          order by n.nome, n.cpf limit ${p(limite)})`,
      );
    }

    const linhas = await this.q.query<PessoaAchada & { porNome: number | null }>(ramos.join(' union all '), params);
    const porCpf = new Map<string, PessoaAchada>();
    let nomeComum = false;
    for (const { porNome, ...l } of linhas) {
      if (porNome !== null && Number(porNome) > BUSCA_ATENDIMENTO.maxPorNome) nomeComum = true;
      const antes = porCpf.get(l.cpf);
      if (!antes || ORDEM[l.criterio] < ORDEM[antes.criterio]) porCpf.set(l.cpf, l);
    }
    const pessoas = [...porCpf.values()].sort(
      (a, b) =>
        ORDEM[a.criterio] - ORDEM[b.criterio] || a.nome.localeCompare(b.nome, 'pt-BR') || (a.cpf < b.cpf ? -1 : 1),
    );
    return { pessoas, nomeComum };
  }

  /** The people's beneficiary links (none: in the register without a plan), titular first. */
  async vinculos(cpfs: string[]): Promise<VinculoRow[]> {
    return this.q.query<VinculoRow>(
      `select pe.cpf, pe.nome, pe.nome_social as "nomeSocial", b.codigo_beneficiario as "codigoBeneficiario",
         b.codigo_contrato as "codigoContrato", pl.nome as plano, b.tipo, b.parentesco, b.ativo,
         b.data_exclusao::text as "dataExclusao", ct.data_cancelamento::text as "dataCancelamento"
       from pessoas pe
       left join beneficiarios b on b.cpf = pe.cpf
       left join contratos ct on ct.codigo_contrato = b.codigo_contrato
       left join planos pl on pl.codigo_plano = ct.codigo_plano
       where pe.cpf = any($1::bpchar[])
       order by pe.cpf, b.ativo desc nulls last, b.tipo desc, b.codigo_beneficiario`,
      [cpfs],
    );
  }

  /**
   * Each person's protocols, asked by them or about them (reimbursements apart: they have their own
   * list), the most recent first, at most `limite` each. The most recent `limite` of each side, each
   * one index scan (by cpf; by the person's cards), then of both: an `or` of the two sides reads the
   * whole table (bench/atendimento-busca.mjs: 1 s a person at 700 000 protocols).
   */
  async protocolos(cpfs: string[], limite: number): Promise<ProtocoloDaPessoaRow[]> {
    return this.q.query<ProtocoloDaPessoaRow>(
      `select c.cpf, x.* from unnest($1::bpchar[]) as c(cpf)
       cross join lateral (
         select p.numero, p.tipo, p.assunto, p.situacao, p.criado_em as "criadoEm", p.codigo_contrato as "codigoContrato"
         from protocolos p
         where p.numero in (
             (select a.numero from protocolos a
              where a.cpf = c.cpf and a.tipo <> 'REEMBOLSO'
              order by a.criado_em desc, a.numero desc limit $2)
             union all
             (select s.numero from beneficiarios b join protocolos s on s.codigo_beneficiario = b.codigo_beneficiario
              where b.cpf = c.cpf and s.tipo <> 'REEMBOLSO'
              order by s.criado_em desc, s.numero desc limit $2))
         order by p.criado_em desc, p.numero desc
         limit $2
       ) x`,
      [cpfs, limite],
    );
  }

  /**
   * Each person's reimbursements, asked by them or for their care, the most recent first, at most
   * `limite` each (as the protocols: the most recent of each side, then of both).
   */
  async reembolsos(cpfs: string[], limite: number): Promise<ReembolsoDaPessoaRow[]> {
    return this.q.query<ReembolsoDaPessoaRow>(
      `select c.cpf, x.* from unnest($1::bpchar[]) as c(cpf)
       cross join lateral (
         select r.protocolo, r.tipo, pb.nome as beneficiario, r.data_atendimento::text as "dataAtendimento",
           r.prestador_nome as prestador, r.valor_pago_centavos as "valorPagoCentavos", r.situacao,
           r.criado_em as "criadoEm", r.numero_recibo as "numeroRecibo", r.codigo_contrato as "codigoContrato"
         from reembolsos r
         join beneficiarios rb on rb.codigo_beneficiario = r.codigo_beneficiario
         join pessoas pb on pb.cpf = rb.cpf
         where r.protocolo in (
             (select a.protocolo from reembolsos a
              where a.cpf = c.cpf order by a.criado_em desc, a.protocolo desc limit $2)
             union all
             (select s.protocolo from beneficiarios b join reembolsos s on s.codigo_beneficiario = b.codigo_beneficiario
              where b.cpf = c.cpf order by s.criado_em desc, s.protocolo desc limit $2))
         order by r.criado_em desc, r.protocolo desc
         limit $2
       ) x`,
      [cpfs, limite],
    );
  }
}
