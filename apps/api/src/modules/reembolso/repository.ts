import type { DocumentoReembolso, DocumentoUsual, SituacaoReembolso, TipoReembolso } from '@portal/contract';
import type { SituacaoProtocolo } from '@portal/contract/protocolos';
import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';
import { type Conteudo, partes } from './arquivos';
import type { LinhaTabela, PartesDaPrevia, PlanoReembolso } from './estimativa';
import { type ChaveDoRecibo, chaveDoRecibo } from './recibo';

export interface BeneficiarioReembolso {
  codigoBeneficiario: string;
  nome: string;
  /** The holder of the beneficiary's contract: who is paid. */
  cpfTitular: string;
  nomeTitular: string;
}

export interface AnexoRow {
  id: string;
  documento: DocumentoReembolso;
  nomeArquivo: string;
  tipoArquivo: string;
  tamanho: number;
  criadoEm: string;
  sha256Enviado: string;
  protocolo: string | null;
}

export interface ReembolsoRow {
  protocolo: string;
  cpf: string;
  codigoContrato: string;
  codigoBeneficiario: string;
  beneficiario: string;
  cpfBeneficiario: string;
  tipo: TipoReembolso;
  codigoTuss: string | null;
  dataAtendimento: string;
  prestadorDocumento: string;
  prestador: string;
  conselho: string | null;
  valorPagoCentavos: number;
  numeroRecibo: string;
  pagamento: Record<string, string>;
  situacao: SituacaoReembolso;
  valorPreviaCentavos: number | null;
  valorAprovadoCentavos: number | null;
  previsaoPagamento: string | null;
  pagoEm: string | null;
  pergunta: string | null;
  /** The checklist's documents of the last request for documents (migration 0046); empty: free text only. */
  documentosPedidos: DocumentoUsual[];
  motivoNegativa: string | null;
  documentacaoCompletaEm: string | null;
  prazoPagamento: string | null;
  criadoEm: string;
  nomeTitular: string;
  cpfTitular: string;
  plano: string;
  /** Four eyes (decision 0053): the console's approval awaiting (or given) a second person's confirmation. */
  aprovacaoPropostaCentavos: number | null;
  aprovacaoPropostaPrevisao: string | null;
  aprovacaoPropostaPor: string | null;
  aprovacaoPropostaPorNome: string | null;
  aprovacaoPropostaEm: string | null;
  aprovacaoConfirmadaPor: string | null;
  aprovacaoConfirmadaPorNome: string | null;
  /** The last approval a supervisor refused (decision 0065; migration 0045); null together. */
  aprovacaoRecusadaCentavos: number | null;
  aprovacaoRecusadaDe: string | null;
  aprovacaoRecusadaDeNome: string | null;
  aprovacaoRecusadaPor: string | null;
  aprovacaoRecusadaPorNome: string | null;
  aprovacaoRecusadaEm: string | null;
  aprovacaoRecusadaMotivo: string | null;
  /** The member was told the receipt was already sent and confirmed it is another care (decision 0056). */
  reciboRepetidoConfirmado: boolean;
  /** Its protocol's version (decision 0055): the console sends it back with an action. */
  versao: number;
  /** The estimate's parts when it was sent (migration 0043); null together. */
  previaTabelaCentavos: number | null;
  previaMultiplo: number | null;
  previaCoparticipacaoCentavos: number | null;
  previaCoparticipacaoPercentual: number | null;
  previaReferencia: string | null;
  previaLimitada: boolean | null;
}

/** Another request with the same receipt, as the staff see it (any member of the operator). */
export interface OutroPedidoDoRecibo {
  protocolo: string;
  criadoEm: string;
  situacao: SituacaoReembolso;
  beneficiario: string;
  codigoContrato: string;
}

export interface NovoReembolso {
  protocolo: string;
  membro: Membro;
  codigoBeneficiario: string;
  tipo: TipoReembolso;
  codigoTuss: string | null;
  dataAtendimento: string;
  prestadorDocumento: string;
  prestadorNome: string;
  conselho: string | null;
  valorPagoCentavos: number;
  numeroRecibo: string;
  pagamento: Record<string, string>;
  /** The estimate shown before sending, with its parts; null when the table had no line for it. */
  previa: PartesDaPrevia | null;
  prazoPagamento: string;
  reciboRepetidoConfirmado: boolean;
  em: Date;
}

const COLUNAS_ANEXO = `a.id, a.documento, a.nome_arquivo as "nomeArquivo", a.tipo_mime as "tipoArquivo", a.tamanho,
  a.criado_em as "criadoEm", a.sha256_enviado as "sha256Enviado", a.protocolo`;

const SELECT_REEMBOLSO = `
  select r.protocolo, r.cpf, r.codigo_contrato as "codigoContrato", r.codigo_beneficiario as "codigoBeneficiario",
         pb.nome as beneficiario, pb.cpf as "cpfBeneficiario", r.tipo, r.codigo_tuss as "codigoTuss",
         r.data_atendimento::text as "dataAtendimento", r.prestador_documento as "prestadorDocumento",
         r.prestador_nome as prestador, r.conselho, r.valor_pago_centavos as "valorPagoCentavos",
         r.numero_recibo as "numeroRecibo", r.pagamento, r.situacao, r.valor_previa_centavos as "valorPreviaCentavos",
         r.valor_aprovado_centavos as "valorAprovadoCentavos", r.previsao_pagamento::text as "previsaoPagamento",
         r.pago_em::text as "pagoEm", r.pergunta, r.documentos_pedidos as "documentosPedidos", r.motivo_negativa as "motivoNegativa",
         r.documentacao_completa_em as "documentacaoCompletaEm", r.prazo_pagamento::text as "prazoPagamento",
         r.criado_em as "criadoEm", pt.nome as "nomeTitular", pt.cpf as "cpfTitular", pl.nome as plano,
         r.aprovacao_proposta_centavos as "aprovacaoPropostaCentavos",
         r.aprovacao_proposta_previsao::text as "aprovacaoPropostaPrevisao",
         r.aprovacao_proposta_por::text as "aprovacaoPropostaPor", ep.nome as "aprovacaoPropostaPorNome",
         r.aprovacao_proposta_em as "aprovacaoPropostaEm",
         r.aprovacao_confirmada_por::text as "aprovacaoConfirmadaPor", ec.nome as "aprovacaoConfirmadaPorNome",
         r.aprovacao_recusada_centavos as "aprovacaoRecusadaCentavos",
         r.aprovacao_recusada_de::text as "aprovacaoRecusadaDe", erd.nome as "aprovacaoRecusadaDeNome",
         r.aprovacao_recusada_por::text as "aprovacaoRecusadaPor", erp.nome as "aprovacaoRecusadaPorNome",
         r.aprovacao_recusada_em as "aprovacaoRecusadaEm", r.aprovacao_recusada_motivo as "aprovacaoRecusadaMotivo",
         r.recibo_repetido_confirmado as "reciboRepetidoConfirmado",
         (select pv.versao from protocolos pv where pv.numero = r.protocolo) as versao,
         r.previa_tabela_centavos as "previaTabelaCentavos", r.previa_multiplo::float8 as "previaMultiplo",
         r.previa_coparticipacao_centavos as "previaCoparticipacaoCentavos",
         r.previa_coparticipacao_percentual::float8 as "previaCoparticipacaoPercentual",
         r.previa_referencia as "previaReferencia", r.previa_limitada as "previaLimitada"
    from reembolsos r
    join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
    join pessoas pb on pb.cpf = b.cpf
    join contratos ct on ct.codigo_contrato = r.codigo_contrato
    join planos pl on pl.codigo_plano = ct.codigo_plano
    join beneficiarios bt on bt.codigo_beneficiario = coalesce(b.codigo_titular, b.codigo_beneficiario)
    join pessoas pt on pt.cpf = bt.cpf
    left join equipe_contas ep on ep.id = r.aprovacao_proposta_por
    left join equipe_contas ec on ec.id = r.aprovacao_confirmada_por
    left join equipe_contas erd on erd.id = r.aprovacao_recusada_de
    left join equipe_contas erp on erp.id = r.aprovacao_recusada_por`;

/** Reimbursements, their attachments and contents, the table (0028_reembolso.sql). */
export class ReembolsoRepository {
  constructor(private readonly q: Queryable) {}

  com(tx: Queryable): ReembolsoRepository {
    return new ReembolsoRepository(tx);
  }

  /**
   * The reimbursements not yet paid nor refused, counted by legal payment day (metrics); null: a
   * 'pendente' waiting for the member, its clock stopped.
   */
  abertosPorPrazo() {
    return this.q.query<{ prazo: string | null; n: number }>(
      `select prazo_pagamento::text as prazo, count(*)::int as n from reembolsos
        where situacao in ('recebido', 'em_analise', 'pendente', 'aprovado') group by prazo_pagamento`,
    );
  }

  /**
   * The reimbursement's protocol follows it: its status and the request's own step (migration 0044,
   * issue 31: one vocabulary), its deadline when one is given, the answer when it is concluded, and
   * a line of its history carrying the step too (in the caller's transaction). Answers the status,
   * step and deadline it had before.
   */
  async mudarProtocolo(
    protocolo: string,
    m: {
      situacao: SituacaoProtocolo;
      situacaoReembolso: SituacaoReembolso;
      prazo: string | null;
      em: Date;
      descricao: string;
    },
  ): Promise<{ situacao: string; situacaoReembolso: SituacaoReembolso | null; prazo: string } | undefined> {
    const [antes] = await this.q.query<{
      situacao: string;
      situacaoReembolso: SituacaoReembolso | null;
      prazo: string;
    }>(
      `select situacao, situacao_reembolso as "situacaoReembolso", prazo_resposta::text as prazo
         from protocolos where numero = $1`,
      [protocolo],
    );
    const concluido = m.situacao === 'CONCLUIDO';
    await this.q.query(
      `update protocolos set situacao = $2, situacao_reembolso = $7, prazo_resposta = coalesce($3::date, prazo_resposta),
              respondido_em = case when $4 then $5::timestamptz else respondido_em end,
              resposta = case when $4 then $6 else resposta end
        where numero = $1`,
      [protocolo, m.situacao, m.prazo, concluido, m.em, m.descricao, m.situacaoReembolso],
    );
    await this.q.query(
      `insert into protocolo_eventos (numero, em, situacao, descricao, situacao_reembolso)
       values ($1, $2, $3, $4, $5)`,
      [protocolo, m.em, m.situacao, m.descricao.slice(0, 2000), m.situacaoReembolso],
    );
    return antes;
  }

  /** What reembolso.atualizado tells of the amounts, as they stand in the caller's transaction. */
  async valoresDoEvento(
    protocolo: string,
  ): Promise<{ aprovado: number | null; previsao: string | null; pago: string | null } | undefined> {
    const [atual] = await this.q.query<{ aprovado: number | null; previsao: string | null; pago: string | null }>(
      `select valor_aprovado_centavos as aprovado, previsao_pagamento::text as previsao, pago_em::text as pago
         from reembolsos where protocolo = $1`,
      [protocolo],
    );
    return atual;
  }

  /** An active beneficiary with this CPF that the member may see, with the holder who is paid. */
  async beneficiarioPorCpf(membro: Membro, cpf: string): Promise<BeneficiarioReembolso | null> {
    const params: unknown[] = [cpf];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const [row] = await this.q.query<BeneficiarioReembolso>(
      `select b.codigo_beneficiario as "codigoBeneficiario", p.nome, pt.cpf as "cpfTitular", pt.nome as "nomeTitular"
         from beneficiarios b
         join pessoas p on p.cpf = b.cpf
         join beneficiarios bt on bt.codigo_beneficiario = coalesce(b.codigo_titular, b.codigo_beneficiario)
         join pessoas pt on pt.cpf = bt.cpf
        where b.cpf = $1 and b.ativo and ${visivel}`,
      params,
    );
    return row ?? null;
  }

  async plano(membro: Membro): Promise<PlanoReembolso> {
    const [row] = await this.q.query<{ multiplo: string; coparticipativo: boolean }>(
      `select pl.multiplo_reembolso::text as multiplo, pl.coparticipativo
         from contratos ct join planos pl on pl.codigo_plano = ct.codigo_plano
        where ct.codigo_contrato = $1`,
      [membro.codigoContrato],
    );
    return { multiplo: Number(row?.multiplo ?? 1), coparticipativo: row?.coparticipativo ?? false };
  }

  /** The TUSS code's line when the table prices it, else the kind's line. */
  async linhaDaTabela(tipo: TipoReembolso, codigoTuss: string | undefined): Promise<LinhaTabela | null> {
    const rows = await this.q.query<LinhaTabela & { coparticipacaoPercentual: string }>(
      `select tipo, codigo_tuss as "codigoTuss", descricao, valor_centavos as "valorCentavos",
              coparticipacao_percentual::text as "coparticipacaoPercentual"
         from reembolso_tabela where tipo = $1 and codigo_tuss in ('', $2)
        order by codigo_tuss desc limit 1`,
      [tipo, codigoTuss ?? ''],
    );
    const r = rows[0];
    return r ? { ...r, coparticipacaoPercentual: Number(r.coparticipacaoPercentual) } : null;
  }

  // --- Contents and attachments -------------------------------------------------------------

  /**
   * Stores the bytes once per SHA-256 (inside the caller's transaction). Two identical uploads at
   * the same time queue on the hash's advisory lock; the second finds the first's content.
   */
  async guardarConteudo(c: Conteudo, em: Date): Promise<void> {
    await this.q.query('select pg_advisory_xact_lock(hashtextextended($1, 18))', [c.sha256]);
    const [existe] = await this.q.query('select 1 from reembolso_conteudos where sha256 = $1', [c.sha256]);
    if (existe) return;
    await this.q.query(
      'insert into reembolso_conteudos (sha256, tamanho, tipo_mime, criado_em) values ($1, $2, $3, $4)',
      [c.sha256, c.tamanho, c.tipoMime, em],
    );
    let ordem = 0;
    for await (const parte of partes(c)) {
      await this.q.query('insert into reembolso_conteudo_partes (sha256, ordem, dados) values ($1, $2, $3)', [
        c.sha256,
        ordem++,
        parte,
      ]);
    }
  }

  /** Bytes the member's attachments hold (each content once). */
  async usoDoMembro(membro: Membro): Promise<number> {
    const [row] = await this.q.query<{ bytes: string }>(
      `select coalesce(sum(c.tamanho), 0)::text as bytes from reembolso_conteudos c
        where c.sha256 in (select sha256 from reembolso_anexos where cpf = $1 and codigo_contrato = $2)`,
      [membro.cpf, membro.codigoContrato],
    );
    return Number(row?.bytes ?? 0);
  }

  async conteudoDoMembro(membro: Membro, sha256: string): Promise<boolean> {
    const [row] = await this.q.query(
      'select 1 from reembolso_anexos where cpf = $1 and codigo_contrato = $2 and sha256 = $3 limit 1',
      [membro.cpf, membro.codigoContrato, sha256],
    );
    return Boolean(row);
  }

  async anexoPorChave(membro: Membro, chave: string): Promise<AnexoRow | null> {
    const [row] = await this.q.query<AnexoRow>(
      `select ${COLUNAS_ANEXO} from reembolso_anexos a
        where a.cpf = $1 and a.codigo_contrato = $2 and a.chave_idempotencia = $3`,
      [membro.cpf, membro.codigoContrato, chave],
    );
    return row ?? null;
  }

  /** Inserts the attachment; null when the Idempotency-Key was taken meanwhile (a retry at once). */
  async inserirAnexo(a: {
    id: string;
    membro: Membro;
    sha256: string;
    sha256Enviado: string;
    documento: DocumentoReembolso;
    nomeArquivo: string;
    tipoMime: string;
    tamanho: number;
    chave: string | null;
    em: Date;
  }): Promise<AnexoRow | null> {
    const [row] = await this.q.query<AnexoRow>(
      `insert into reembolso_anexos as a (id, cpf, codigo_contrato, sha256, sha256_enviado, documento, nome_arquivo,
         tipo_mime, tamanho, chave_idempotencia, criado_em)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (cpf, codigo_contrato, chave_idempotencia) where chave_idempotencia is not null do nothing
       returning ${COLUNAS_ANEXO}`,
      [
        a.id,
        a.membro.cpf,
        a.membro.codigoContrato,
        a.sha256,
        a.sha256Enviado,
        a.documento,
        a.nomeArquivo,
        a.tipoMime,
        a.tamanho,
        a.chave,
        a.em,
      ],
    );
    return row ?? null;
  }

  /** The member's attachments with these ids, locked (for the request that takes them). */
  async anexosParaUsar(membro: Membro, ids: string[]): Promise<AnexoRow[]> {
    return this.q.query<AnexoRow>(
      `select ${COLUNAS_ANEXO} from reembolso_anexos a
        where a.cpf = $1 and a.codigo_contrato = $2 and a.id = any($3::text[])
        for update`,
      [membro.cpf, membro.codigoContrato, ids],
    );
  }

  /**
   * An attachment the member may open: one they uploaded (this contract), or one of a request they
   * may see (the holder opens a dependant's). Anything else reads as not found.
   */
  async anexoDoMembro(membro: Membro, id: string): Promise<AnexoRow | null> {
    const params: unknown[] = [id, membro.cpf, membro.codigoContrato];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const [row] = await this.q.query<AnexoRow>(
      `select ${COLUNAS_ANEXO} from reembolso_anexos a
         left join reembolsos r on r.protocolo = a.protocolo
         left join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
        where a.id = $1 and ((a.cpf = $2 and a.codigo_contrato = $3) or (b.codigo_beneficiario is not null and ${visivel}))`,
      params,
    );
    return row ?? null;
  }

  async vincularAnexos(ids: string[], protocolo: string): Promise<void> {
    await this.q.query('update reembolso_anexos set protocolo = $2 where id = any($1::text[])', [ids, protocolo]);
  }

  async anexosDoReembolso(protocolo: string): Promise<AnexoRow[]> {
    return this.q.query<AnexoRow>(
      `select ${COLUNAS_ANEXO} from reembolso_anexos a where a.protocolo = $1 order by a.criado_em, a.documento, a.id`,
      [protocolo],
    );
  }

  /** An attachment's stored bytes, part by part (the operator's console reads them this way). */
  async *bytesDoAnexo(id: string): AsyncGenerator<Buffer> {
    for (let ordem = 0; ; ordem++) {
      const [row] = await this.q.query<{ dados: Uint8Array }>(
        `select p.dados from reembolso_anexos a join reembolso_conteudo_partes p on p.sha256 = a.sha256
          where a.id = $1 and p.ordem = $2`,
        [id, ordem],
      );
      if (!row) return;
      yield Buffer.from(row.dados);
    }
  }

  // --- Requests --------------------------------------------------------------------------------

  async inserir(r: NovoReembolso): Promise<void> {
    await this.q.query(
      `insert into reembolsos (protocolo, cpf, codigo_contrato, codigo_beneficiario, tipo, codigo_tuss, data_atendimento,
         prestador_documento, prestador_nome, conselho, valor_pago_centavos, numero_recibo, pagamento, situacao,
         valor_previa_centavos, documentacao_completa_em, prazo_pagamento, criado_em, atualizado_em,
         numero_recibo_chave, recibo_repetido_confirmado, previa_tabela_centavos, previa_multiplo,
         previa_coparticipacao_centavos, previa_coparticipacao_percentual, previa_referencia, previa_limitada)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'recebido', $14, $15, $16, $15, $15, $17, $18,
               $19, $20, $21, $22, $23, $24)`,
      [
        r.protocolo,
        r.membro.cpf,
        r.membro.codigoContrato,
        r.codigoBeneficiario,
        r.tipo,
        r.codigoTuss,
        r.dataAtendimento,
        r.prestadorDocumento,
        r.prestadorNome,
        r.conselho,
        r.valorPagoCentavos,
        r.numeroRecibo,
        JSON.stringify(r.pagamento),
        r.previa?.estimadoCentavos ?? null,
        r.em,
        r.prazoPagamento,
        chaveDoRecibo(r).numeroRecibo,
        r.reciboRepetidoConfirmado,
        r.previa?.tabelaCentavos ?? null,
        r.previa?.multiplo ?? null,
        r.previa?.coparticipacaoCentavos ?? null,
        r.previa?.coparticipacaoPercentual ?? null,
        r.previa?.referencia ?? null,
        r.previa?.limitada ?? null,
      ],
    );
    // Its protocol (opened just before, in this transaction) says 'Recebido' in Reembolso's words too.
    await this.q.query(`update protocolos set situacao_reembolso = 'recebido' where numero = $1`, [r.protocolo]);
    await this.q.query(`update protocolo_eventos set situacao_reembolso = 'recebido' where numero = $1`, [r.protocolo]);
  }

  /**
   * The member's requests (those they may see: the whole contract for a holder) with this receipt,
   * oldest first. Another contract's never count here: the member is told only of their own.
   */
  async mesmoReciboDoMembro(membro: Membro, recibo: ChaveDoRecibo): Promise<{ protocolo: string; criadoEm: string }[]> {
    const k = chaveDoRecibo(recibo);
    const params: unknown[] = [k.prestadorDocumento, k.numeroRecibo, k.dataAtendimento];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    return this.q.query(
      `select r.protocolo, r.criado_em as "criadoEm" from reembolsos r
         join beneficiarios b on b.codigo_beneficiario = r.codigo_beneficiario
        where r.prestador_documento = $1 and r.numero_recibo_chave = $2 and r.data_atendimento = $3::date
          and ${visivel}
        order by r.criado_em, r.protocolo`,
      params,
    );
  }

  /** Of these requests, those flagged as a possible duplicate (the console's list marks them). */
  async comReciboRepetido(protocolos: string[]): Promise<Set<string>> {
    const rows = await this.q.query<{ protocolo: string }>(
      `select r.protocolo from reembolsos r
        where r.protocolo = any($1::text[])
          and (r.recibo_repetido_confirmado or exists (
                select 1 from reembolsos o
                 where o.prestador_documento = r.prestador_documento and o.numero_recibo_chave = r.numero_recibo_chave
                   and o.data_atendimento = r.data_atendimento and o.protocolo <> r.protocolo))`,
      [protocolos],
    );
    return new Set(rows.map((r) => r.protocolo));
  }

  /** For the staff: the other requests with this request's receipt, of any member, oldest first. */
  async outrosPedidosDoRecibo(protocolo: string): Promise<OutroPedidoDoRecibo[]> {
    return this.q.query<OutroPedidoDoRecibo>(
      `select o.protocolo, o.criado_em as "criadoEm", o.situacao, p.nome as beneficiario,
              o.codigo_contrato as "codigoContrato"
         from reembolsos r
         join reembolsos o on o.prestador_documento = r.prestador_documento
                          and o.numero_recibo_chave = r.numero_recibo_chave
                          and o.data_atendimento = r.data_atendimento
                          and o.protocolo <> r.protocolo
         join beneficiarios b on b.codigo_beneficiario = o.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where r.protocolo = $1
        order by o.criado_em, o.protocolo`,
      [protocolo],
    );
  }

  async registrarEvento(protocolo: string, em: Date, situacao: SituacaoReembolso, descricao: string, por: string) {
    await this.q.query(
      'insert into reembolso_eventos (protocolo, em, situacao, descricao, por) values ($1, $2, $3, $4, $5)',
      [protocolo, em, situacao, descricao.slice(0, 2000), por],
    );
  }

  /**
   * An internal note of the staff on the request's protocol (notas_internas, decision 0056), in the
   * caller's transaction: no member read, PDF or webhook reads that table.
   */
  async notaInterna(protocolo: string, texto: string, autor: string, em: Date): Promise<void> {
    await this.q.query('insert into notas_internas (protocolo, texto, autor, criado_em) values ($1, $2, $3, $4)', [
      protocolo,
      texto.slice(0, 2000),
      autor,
      em,
    ]);
  }

  async eventos(protocolo: string) {
    return this.q.query<{ em: string; situacao: SituacaoReembolso; descricao: string }>(
      'select em, situacao, descricao from reembolso_eventos where protocolo = $1 order by id',
      [protocolo],
    );
  }

  /**
   * The payment data of the newest request this member sent in the session's contract (issue 31):
   * their own typing, offered again; another member's, or another contract's, never.
   */
  async ultimoPagamentoDoMembro(
    membro: Membro,
  ): Promise<{ pagamento: Record<string, string>; criadoEm: string } | null> {
    const [row] = await this.q.query<{ pagamento: Record<string, string>; criadoEm: string }>(
      `select r.pagamento, r.criado_em as "criadoEm" from reembolsos r
        where r.cpf = $1 and r.codigo_contrato = $2
        order by r.criado_em desc, r.protocolo desc limit 1`,
      [membro.cpf, membro.codigoContrato],
    );
    return row ?? null;
  }

  /** The member's reimbursements (beneficiaries they may see), newest first. */
  async doMembro(membro: Membro): Promise<ReembolsoRow[]> {
    const params: unknown[] = [];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    return this.q.query<ReembolsoRow>(
      `${SELECT_REEMBOLSO} where ${visivel} order by r.criado_em desc, r.protocolo desc`,
      params,
    );
  }

  /** One of the member's reimbursements; another contract's (or another beneficiary's) reads as not found. */
  async doMembroPorProtocolo(
    membro: Membro,
    protocolo: string,
    { bloquear = false } = {},
  ): Promise<ReembolsoRow | null> {
    const params: unknown[] = [protocolo];
    const visivel = beneficiarioVisivel(membro, 'b', params);
    const [row] = await this.q.query<ReembolsoRow>(
      `${SELECT_REEMBOLSO} where r.protocolo = $1 and ${visivel} ${bloquear ? 'for update of r' : ''}`,
      params,
    );
    return row ?? null;
  }

  /** Any reimbursement, for the operator (console, integration). */
  async porProtocolo(protocolo: string, { bloquear = false } = {}): Promise<ReembolsoRow | null> {
    const [row] = await this.q.query<ReembolsoRow>(
      `${SELECT_REEMBOLSO} where r.protocolo = $1 ${bloquear ? 'for update of r' : ''}`,
      [protocolo],
    );
    return row ?? null;
  }

  /**
   * The operator's queue: open requests by legal deadline (pending ones, with no clock, last).
   * `responsavel` (decision 0055: a request's owner is its protocol's): an account id, only its
   * requests ('Minha fila'); null, only those nobody took.
   */
  async fila(
    limite: number,
    situacoes: readonly SituacaoReembolso[],
    responsavel?: string | null,
  ): Promise<ReembolsoRow[]> {
    const params: unknown[] = [situacoes, limite];
    const dono =
      responsavel === null
        ? 'and not exists (select 1 from protocolo_responsaveis pr where pr.numero = r.protocolo)'
        : responsavel
          ? `and exists (select 1 from protocolo_responsaveis pr where pr.numero = r.protocolo and pr.conta_id = $${params.push(responsavel)})`
          : '';
    return this.q.query<ReembolsoRow>(
      `${SELECT_REEMBOLSO} where r.situacao = any($1::text[]) ${dono}
        order by r.prazo_pagamento asc nulls last, r.protocolo limit $2`,
      params,
    );
  }

  /** Who of the staff each of these requests is with (its protocol's owner, decision 0055). */
  async responsaveis(protocolos: string[]): Promise<Map<string, { id: string; nome: string }>> {
    const rows = await this.q.query<{ protocolo: string; id: string; nome: string }>(
      `select pr.numero as protocolo, c.id::text as id, c.nome
         from protocolo_responsaveis pr join equipe_contas c on c.id = pr.conta_id
        where pr.numero = any($1::text[])`,
      [protocolos],
    );
    return new Map(rows.map((r) => [r.protocolo, { id: r.id, nome: r.nome }]));
  }

  /**
   * The version of the request's protocol, locked until the transaction ends. Read in a statement
   * of its own after the request's row lock, so it sees what a change that held the lock before
   * committed (a join in the locking statement would give the version as it was before the wait).
   */
  async versaoTravada(protocolo: string): Promise<number | null> {
    const [row] = await this.q.query<{ versao: number }>('select versao from protocolos where numero = $1 for update', [
      protocolo,
    ]);
    return row?.versao ?? null;
  }

  async atualizar(
    protocolo: string,
    em: Date,
    campos: Partial<{
      situacao: SituacaoReembolso;
      valorAprovadoCentavos: number;
      previsaoPagamento: string;
      pagoEm: string;
      pergunta: string | null;
      documentosPedidos: readonly DocumentoUsual[];
      motivoNegativa: string;
      documentacaoCompletaEm: Date | null;
      prazoPagamento: string | null;
      aprovacaoPropostaCentavos: number | null;
      aprovacaoPropostaPrevisao: string | null;
      aprovacaoPropostaPor: string | null;
      aprovacaoPropostaEm: Date | null;
      aprovacaoConfirmadaPor: string | null;
      aprovacaoConfirmadaEm: Date | null;
      aprovacaoRecusadaCentavos: number | null;
      aprovacaoRecusadaDe: string | null;
      aprovacaoRecusadaPor: string | null;
      aprovacaoRecusadaEm: Date | null;
      aprovacaoRecusadaMotivo: string | null;
    }>,
  ): Promise<void> {
    const colunas: Record<string, string> = {
      situacao: 'situacao',
      valorAprovadoCentavos: 'valor_aprovado_centavos',
      previsaoPagamento: 'previsao_pagamento',
      pagoEm: 'pago_em',
      pergunta: 'pergunta',
      documentosPedidos: 'documentos_pedidos',
      motivoNegativa: 'motivo_negativa',
      documentacaoCompletaEm: 'documentacao_completa_em',
      prazoPagamento: 'prazo_pagamento',
      aprovacaoPropostaCentavos: 'aprovacao_proposta_centavos',
      aprovacaoPropostaPrevisao: 'aprovacao_proposta_previsao',
      aprovacaoPropostaPor: 'aprovacao_proposta_por',
      aprovacaoPropostaEm: 'aprovacao_proposta_em',
      aprovacaoConfirmadaPor: 'aprovacao_confirmada_por',
      aprovacaoConfirmadaEm: 'aprovacao_confirmada_em',
      aprovacaoRecusadaCentavos: 'aprovacao_recusada_centavos',
      aprovacaoRecusadaDe: 'aprovacao_recusada_de',
      aprovacaoRecusadaPor: 'aprovacao_recusada_por',
      aprovacaoRecusadaEm: 'aprovacao_recusada_em',
      aprovacaoRecusadaMotivo: 'aprovacao_recusada_motivo',
    };
    const sets: string[] = [];
    const params: unknown[] = [protocolo, em];
    for (const [k, v] of Object.entries(campos)) {
      params.push(v);
      sets.push(`${colunas[k]} = $${params.length}`);
    }
    await this.q.query(
      `update reembolsos set ${[...sets, 'atualizado_em = $2'].join(', ')} where protocolo = $1`,
      params,
    );
  }

  /** Paid reimbursements of the contract in calendar year `ano`, per beneficiary (the IRPF statement). */
  async pagosNoAno(codigoContrato: string, ano: number) {
    return this.q.query<{ codigoBeneficiario: string; valorCentavos: number }>(
      `select codigo_beneficiario as "codigoBeneficiario", sum(valor_aprovado_centavos)::int as "valorCentavos"
         from reembolsos
        where codigo_contrato = $1 and situacao = 'pago'
          and pago_em >= make_date($2, 1, 1) and pago_em < make_date($2 + 1, 1, 1)
        group by codigo_beneficiario`,
      [codigoContrato, ano],
    );
  }
}
