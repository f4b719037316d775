import type { Queryable } from '../../db/db';
import { beneficiarioVisivel, type Membro } from '../../core/sessao/membro';

export type Linha = Record<string, unknown>;

/** Rows read per section of the export; a section that reaches it is marked as cut. */
export const LINHAS_POR_SECAO = 1000;

export interface ConsentimentoRow {
  id: string | number;
  protocolo: string;
  finalidade: string;
  parceiro: string;
  dados_compartilhados: string[];
  texto_versao: string;
  concedido_em: Date | string;
  revogado_em: Date | string | null;
}

export interface SessaoRow {
  codigo_sessao: string;
  criado_em: Date | string;
  ultimo_uso_em: Date | string;
  ip: string | null;
  user_agent: string | null;
}

export interface AcessoRow {
  at: Date | string;
  event: string;
  ip: string | null;
  user_agent: string | null;
}

/** Events of audit_log shown as the member's sign-in history. */
export const EVENTOS_DE_ACESSO = [
  'login_ok',
  'login_falha',
  'login_bloqueado',
  'logout',
  'senha_alterada',
  'sessoes_encerradas',
];

/**
 * What the portal holds about the session's person (by CPF) and what they may see of the
 * session's contract. Never selects a password, code or cookie hash, nor a session code.
 */
export class MeusDadosRepository {
  constructor(private readonly q: Queryable) {}

  /** The same repository inside the caller's transaction. */
  com(tx: Queryable): MeusDadosRepository {
    return new MeusDadosRepository(tx);
  }

  private lista(sql: string, params: unknown[]): Promise<Linha[]> {
    return this.q.query<Linha>(`${sql} limit ${LINHAS_POR_SECAO}`, params);
  }

  async pessoa(m: Membro): Promise<Linha | null> {
    const [r] = await this.q.query<Linha>(
      `select cpf, nome, nome_social, data_nascimento::text as data_nascimento, sexo, estado_civil, nome_mae,
              email, celular, rg, orgao_emissor_rg, cns, titulo_eleitor, profissao, pis_pasep, criado_em
         from pessoas where cpf = $1`,
      [m.cpf],
    );
    return r ?? null;
  }

  async conta(m: Membro): Promise<Linha | null> {
    const [r] = await this.q.query<Linha>(
      'select criado_em, senha_definida_em, (senha_hash is not null) as possui_senha from contas where cpf = $1',
      [m.cpf],
    );
    return r ?? null;
  }

  /** Where the person is a beneficiary, and contracts they pay for. */
  vinculos(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select b.codigo_contrato, b.codigo_beneficiario as numero_carteirinha, b.tipo, b.parentesco, b.ativo,
              b.data_inclusao::text as data_inclusao, b.data_exclusao::text as data_exclusao,
              pl.nome as plano, ct.tipo_contratacao, ct.data_inicio_vigencia::text as inicio_vigencia,
              ct.data_cancelamento::text as data_cancelamento,
              (ct.cpf_responsavel_financeiro = b.cpf) as responsavel_financeiro
         from beneficiarios b
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where b.cpf = $1
       union all
       select ct.codigo_contrato, null, 'RESPONSAVEL_FINANCEIRO', null, ct.data_cancelamento is null,
              null, null, pl.nome, ct.tipo_contratacao, ct.data_inicio_vigencia::text,
              ct.data_cancelamento::text, true
         from contratos ct
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where ct.cpf_responsavel_financeiro = $1
          and not exists (select 1 from beneficiarios b where b.codigo_contrato = ct.codigo_contrato and b.cpf = $1)
        order by 1, 2`,
      [m.cpf],
    );
  }

  /** The person's own cards: number, plan, CPT end and waiting periods. */
  carteirinhas(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select b.codigo_beneficiario as numero_carteirinha, b.codigo_contrato, pl.nome as plano,
              pl.registro_ans as registro_ans_plano, pl.segmentacao, pl.acomodacao,
              b.data_final_cpt::text as data_final_cpt,
              coalesce((select jsonb_agg(jsonb_build_object('descricao', c.descricao, 'dataFim', c.data_fim::text)
                                         order by c.ordem)
                          from carencias c where c.codigo_beneficiario = b.codigo_beneficiario), '[]'::jsonb) as carencias
         from beneficiarios b
         join contratos ct on ct.codigo_contrato = b.codigo_contrato
         join planos pl on pl.codigo_plano = ct.codigo_plano
        where b.cpf = $1
        order by b.codigo_beneficiario`,
      [m.cpf],
    );
  }

  protocolos(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select numero, codigo_contrato, codigo_beneficiario, tipo, assunto, situacao, canal, criado_em,
              prazo_resposta::text as prazo_resposta, respondido_em, resposta
         from protocolos where cpf = $1 order by criado_em desc, numero desc`,
      [m.cpf],
    );
  }

  dependentesSolicitados(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select protocolo, codigo_contrato, cpf, nome, data_nascimento::text as data_nascimento, cidade, celular,
              situacao, criado_em
         from dependentes_solicitados where cpf_solicitante = $1 order by criado_em desc, id desc`,
      [m.cpf],
    );
  }

  contatosComerciais(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select protocolo, codigo_contrato, interesse, mensagem, criado_em
         from contatos_comerciais where cpf = $1 order by criado_em desc`,
      [m.cpf],
    );
  }

  contratacoesServico(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select protocolo, servico, codigo_contrato, valor_unitario::text as valor_unitario, quantidade,
              valor_total::text as valor_total, inicio_vigencia::text as inicio_vigencia, concluida_em
         from contratacoes_servico where cpf_responsavel = $1 order by concluida_em desc, id desc`,
      [m.cpf],
    );
  }

  inscricoesPreventivas(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select protocolo, codigo_contrato, codigo_beneficiario, programa, cidade, telefone, situacao, criado_em
         from inscricoes_preventivas where cpf_solicitante = $1 order by criado_em desc, id desc`,
      [m.cpf],
    );
  }

  avaliacoes(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select av.protocolo, a.data as data_atendimento, a.descricao as procedimento, a.prestador, av.nota,
              av.comentario, av.criado_em
         from avaliacoes_atendimento av join atendimentos a on a.id = av.atendimento_id
        where av.cpf = $1 order by av.criado_em desc`,
      [m.cpf],
    );
  }

  correcoes(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select protocolo, codigo_contrato, campo, valor_correto, observacao, criado_em
         from correcoes_dados where cpf = $1 order by criado_em desc`,
      [m.cpf],
    );
  }

  consentimentos(m: Membro): Promise<ConsentimentoRow[]> {
    return this.q.query<ConsentimentoRow>(
      `select id, protocolo, finalidade, parceiro, dados_compartilhados, texto_versao, concedido_em, revogado_em
         from consentimentos where cpf = $1 order by concedido_em desc, id desc limit ${LINHAS_POR_SECAO}`,
      [m.cpf],
    );
  }

  /** One consent of the person, locked for its revocation; another person's reads as none. */
  async consentimentoParaRevogar(m: Membro, id: number): Promise<ConsentimentoRow | null> {
    const [r] = await this.q.query<ConsentimentoRow>(
      `select id, protocolo, finalidade, parceiro, dados_compartilhados, texto_versao, concedido_em, revogado_em
         from consentimentos where id = $1 and cpf = $2 for update`,
      [id, m.cpf],
    );
    return r ?? null;
  }

  /** A correction request (art. 18 III) for the operator to review, with its protocol. */
  async inserirCorrecao(
    m: Membro,
    protocolo: string,
    p: { campo: string; valorCorreto: string; observacao?: string | undefined },
    em: Date,
  ): Promise<void> {
    await this.q.query(
      `insert into correcoes_dados (protocolo, cpf, codigo_contrato, campo, valor_correto, observacao, criado_em)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [protocolo, m.cpf, m.codigoContrato, p.campo, p.valorCorreto, p.observacao ?? null, em],
    );
  }

  async revogar(m: Membro, id: number, em: Date): Promise<boolean> {
    const rows = await this.q.query(
      'update consentimentos set revogado_em = $3 where id = $1 and cpf = $2 and revogado_em is null returning 1',
      [id, m.cpf, em],
    );
    return rows.length > 0;
  }

  /** Every session row of the person (the export): no cookie hash, no session code. */
  sessoes(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select codigo_contrato, criado_em, ultimo_uso_em, expira_em, encerrado_em, ip, user_agent
         from sessions where cpf = $1 order by criado_em desc`,
      [m.cpf],
    );
  }

  /** Sessions still open: not ended, within the absolute limit and the idle limit. */
  sessoesAbertas(m: Membro, agora: Date, idleSeconds: number): Promise<SessaoRow[]> {
    return this.q.query<SessaoRow>(
      `select codigo_sessao::text as codigo_sessao, criado_em, ultimo_uso_em, ip, user_agent
         from sessions
        where cpf = $1 and encerrado_em is null and expira_em > $2
          and ultimo_uso_em > $2::timestamptz - make_interval(secs => $3)
        order by ultimo_uso_em desc limit 50`,
      [m.cpf, agora, idleSeconds],
    );
  }

  /** Every audit row of the person (the export), with details stripped of anything secret by the service. */
  auditoria(m: Membro): Promise<Linha[]> {
    return this.lista(
      'select at, event, ip, user_agent, detail from audit_log where cpf = $1 order by at desc, id desc',
      [m.cpf],
    );
  }

  acessosRecentes(m: Membro, desde: Date): Promise<AcessoRow[]> {
    return this.q.query<AcessoRow>(
      `select at, event, ip, user_agent from audit_log
        where cpf = $1 and at >= $2 and event = any($3::text[])
        order by at desc, id desc limit 30`,
      [m.cpf, desde, EVENTOS_DE_ACESSO],
    );
  }

  /** Messages sent to the person's e-mail or mobile on file (codes are hidden by the service). */
  mensagens(m: Membro, contatos: string[]): Promise<Linha[]> {
    if (contatos.length === 0) return Promise.resolve([]);
    return this.lista(
      `select canal, destino, mensagem, codigo, criado_em, enviado_em
         from outbox where destino = any($1::text[]) order by criado_em desc, id desc`,
      [contatos],
    );
  }

  /** The session contract's authorizations the member may see (a dependant: only his own). */
  autorizacoes(m: Membro): Promise<Linha[]> {
    const params: unknown[] = [];
    const visivel = beneficiarioVisivel(m, 'b', params);
    return this.lista(
      `select a.numero_transacao, a.codigo_beneficiario, p.nome as beneficiario, a.data_solicitacao,
              a.prestador_solicitante, a.status,
              coalesce((select jsonb_agg(jsonb_build_object('codigo', ap.codigo_procedimento, 'descricao', ap.descricao)
                                         order by ap.ordem)
                          from autorizacao_procedimentos ap where ap.numero_transacao = a.numero_transacao),
                       '[]'::jsonb) as procedimentos
         from autorizacoes a
         join beneficiarios b on b.codigo_beneficiario = a.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where ${visivel}
        order by a.data_solicitacao desc`,
      params,
    );
  }

  utilizacao(m: Membro): Promise<Linha[]> {
    const params: unknown[] = [];
    const visivel = beneficiarioVisivel(m, 'b', params);
    return this.lista(
      `select a.codigo_beneficiario, p.nome as beneficiario, a.data, a.categoria, a.codigo_procedimento,
              a.descricao, a.prestador, a.local, a.quantidade, a.valor::text as valor
         from atendimentos a
         join beneficiarios b on b.codigo_beneficiario = a.codigo_beneficiario
         join pessoas p on p.cpf = b.cpf
        where ${visivel}
        order by a.data desc`,
      params,
    );
  }

  /** Installments of the session contract: only the financial responsible calls this. */
  mensalidades(m: Membro): Promise<Linha[]> {
    return this.lista(
      `select codigo_mensalidade, competencia::text as competencia, vencimento::text as vencimento,
              valor_centavos, pago_em::text as pago_em
         from mensalidades where codigo_contrato = $1 order by competencia desc`,
      [m.codigoContrato],
    );
  }
}
