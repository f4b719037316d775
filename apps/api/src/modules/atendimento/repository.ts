import type { GrupoDePrazo, PapelEquipe, SituacaoProtocolo, SituacaoReembolso, TipoProtocolo } from '@portal/contract';
import type { Queryable } from '../../db/db';
import type { ProtocoloDaFila } from '../../core/protocolos/repository';

/** The staff console's tables (migration 0026, decision 0033) and its reads of member data. */

export interface ContaRow {
  id: string;
  email: string;
  nome: string;
  papel: PapelEquipe;
  senhaHash: string;
  totpSegredo: string;
  totpConfirmadoEm: Date | null;
  ultimoPassoTotp: string | null;
  tentativas: number;
  bloqueadaAte: Date | null;
  criadaEm: Date;
  desativadaEm: Date | null;
  /** The password is still the one the CLI printed: the next sign-in must replace it (0031). */
  senhaProvisoria: boolean;
}

const CONTA = `id, email, nome, papel, senha_hash as "senhaHash", totp_segredo as "totpSegredo",
  totp_confirmado_em as "totpConfirmadoEm", ultimo_passo_totp::text as "ultimoPassoTotp", tentativas,
  bloqueada_ate as "bloqueadaAte", criada_em as "criadaEm", desativada_em as "desativadaEm",
  senha_provisoria as "senhaProvisoria"`;

export interface PreAutenticacaoRow {
  contaId: string;
  expiraEm: Date;
  tentativas: number;
  /** Set when the code was right but the password is a one-time one (0031). */
  codigoAceitoEm: Date | null;
}

export interface SessaoRow {
  contaId: string;
  nome: string;
  email: string;
  papel: PapelEquipe;
  criadaEm: Date;
  ultimoUsoEm: Date;
  expiraEm: Date;
}

export interface RegistroDeAuditoria {
  em: Date;
  contaId: string | null;
  evento: string;
  protocolo?: string | null;
  codigoContrato?: string | null;
  ip: string;
  userAgent: string | null;
  detalhe?: Record<string, unknown>;
}

/** A protocol as the staff reads it: the operator's queue item and who answered, the CPF and the names. */
export interface ItemDaFila extends ProtocoloDaFila {
  respondidoPorNome: string | null;
  anexo: boolean;
  cpf: string;
  solicitante: string;
  beneficiario: string | null;
  versao: number;
  /** Its owner in the staff (migration 0037), when someone took it. */
  responsavelId: string | null;
  responsavelNome: string | null;
}

const ITEM = `p.numero, p.tipo, p.assunto, p.situacao, p.situacao_reembolso as "situacaoReembolso", p.canal, p.criado_em as "criadoEm",
  p.prazo_resposta::text as "prazoResposta", p.respondido_em as "respondidoEm", p.respondido_por as "respondidoPor",
  ec.nome as "respondidoPorNome", p.resposta, p.resposta_pdf_sha256 is not null as anexo,
  p.codigo_contrato as "codigoContrato", p.codigo_beneficiario as "codigoBeneficiario", p.cpf,
  s.nome as solicitante, pb.nome as beneficiario, p.versao,
  pr.conta_id as "responsavelId", prc.nome as "responsavelNome"`;

const ORIGEM = `protocolos p
  join pessoas s on s.cpf = p.cpf
  left join beneficiarios b on b.codigo_beneficiario = p.codigo_beneficiario
  left join pessoas pb on pb.cpf = b.cpf
  left join equipe_contas ec on p.respondido_por = 'equipe:' || ec.id::text
  left join protocolo_responsaveis pr on pr.numero = p.numero
  left join equipe_contas prc on prc.id = pr.conta_id`;

const ABERTOS = `p.situacao in ('ABERTO', 'EM_ANALISE')`;

export class EquipeRepository {
  constructor(private readonly q: Queryable) {}

  // --- accounts -------------------------------------------------------------------------------

  async criarConta(c: {
    id: string;
    email: string;
    nome: string;
    papel: PapelEquipe;
    senhaHash: string;
    totpSegredo: string;
    em: Date;
  }): Promise<boolean> {
    const rows = await this.q.query(
      `insert into equipe_contas (id, email, nome, papel, senha_hash, totp_segredo, criada_em)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (email) do nothing returning id`,
      [c.id, c.email, c.nome, c.papel, c.senhaHash, c.totpSegredo, c.em],
    );
    return rows.length === 1;
  }

  async contaPorEmail(email: string): Promise<ContaRow | null> {
    const [row] = await this.q.query<ContaRow>(`select ${CONTA} from equipe_contas where email = $1`, [email]);
    return row ?? null;
  }

  async contaPorId(id: string): Promise<ContaRow | null> {
    const [row] = await this.q.query<ContaRow>(`select ${CONTA} from equipe_contas where id = $1`, [id]);
    return row ?? null;
  }

  async contas(): Promise<ContaRow[]> {
    return this.q.query<ContaRow>(`select ${CONTA} from equipe_contas order by nome, email`);
  }

  /** One more wrong password; the `limite`-th locks the account until `bloqueioAte` (and starts over). */
  async registrarFalhaDeSenha(id: string, limite: number, bloqueioAte: Date): Promise<Date | null> {
    const [row] = await this.q.query<{ bloqueadaAte: Date | null }>(
      `update equipe_contas set
         bloqueada_ate = case when tentativas + 1 >= $2 then $3 else bloqueada_ate end,
         tentativas = case when tentativas + 1 >= $2 then 0 else tentativas + 1 end
       where id = $1 returning bloqueada_ate as "bloqueadaAte"`,
      [id, limite, bloqueioAte],
    );
    return row?.bloqueadaAte ?? null;
  }

  async limparFalhas(id: string): Promise<void> {
    await this.q.query('update equipe_contas set tentativas = 0, bloqueada_ate = null where id = $1', [id]);
  }

  /**
   * Accepts the code of 30 s step `passo` once: only if no code of this or a later step was accepted
   * (a replayed code finds the step taken). Confirms the TOTP enrolment on the first code.
   */
  async aceitarPasso(id: string, passo: number, em: Date): Promise<boolean> {
    const rows = await this.q.query(
      `update equipe_contas set ultimo_passo_totp = $2, totp_confirmado_em = coalesce(totp_confirmado_em, $3)
       where id = $1 and (ultimo_passo_totp is null or ultimo_passo_totp < $2) returning id`,
      [id, passo, em],
    );
    return rows.length === 1;
  }

  async desativar(email: string, em: Date): Promise<string | null> {
    const [row] = await this.q.query<{ id: string }>(
      'update equipe_contas set desativada_em = $2 where email = $1 and desativada_em is null returning id',
      [email, em],
    );
    return row?.id ?? null;
  }

  /** A new password and a new TOTP secret (to be enrolled again); the lock and the replay step start over. */
  async redefinir(email: string, senhaHash: string, totpSegredo: string): Promise<string | null> {
    const [row] = await this.q.query<{ id: string }>(
      `update equipe_contas set senha_hash = $2, totp_segredo = $3, totp_confirmado_em = null,
         ultimo_passo_totp = null, tentativas = 0, bloqueada_ate = null, senha_provisoria = true
       where email = $1 returning id`,
      [email, senhaHash, totpSegredo],
    );
    return row?.id ?? null;
  }

  // --- the step between password and code ----------------------------------------------------

  async criarPreAutenticacao(hash: string, contaId: string, expiraEm: Date): Promise<void> {
    await this.q.query('delete from equipe_pre_autenticacoes where conta_id = $1 or expira_em < $2', [
      contaId,
      new Date(expiraEm.getTime() - 3600_000),
    ]);
    await this.q.query('insert into equipe_pre_autenticacoes (token_hash, conta_id, expira_em) values ($1, $2, $3)', [
      hash,
      contaId,
      expiraEm,
    ]);
  }

  async preAutenticacao(hash: string): Promise<PreAutenticacaoRow | null> {
    const [row] = await this.q.query<PreAutenticacaoRow>(
      `select conta_id as "contaId", expira_em as "expiraEm", tentativas, codigo_aceito_em as "codigoAceitoEm"
       from equipe_pre_autenticacoes where token_hash = $1`,
      [hash],
    );
    return row ?? null;
  }

  /** The step's code was accepted and the password is a one-time one: the step waits for the new password. */
  async aceitarCodigoNaPreAutenticacao(hash: string, em: Date, expiraEm: Date): Promise<void> {
    await this.q.query(
      'update equipe_pre_autenticacoes set codigo_aceito_em = $2, expira_em = $3 where token_hash = $1',
      [hash, em, expiraEm],
    );
  }

  /**
   * The person's own password replaces the one-time one, once: false when the account is gone,
   * deactivated or no longer on a one-time password (a second request of the same step).
   */
  async definirSenhaPropria(id: string, senhaHash: string): Promise<boolean> {
    const rows = await this.q.query(
      `update equipe_contas set senha_hash = $2, senha_provisoria = false
       where id = $1 and senha_provisoria and desativada_em is null returning id`,
      [id, senhaHash],
    );
    return rows.length === 1;
  }

  /** A signed-in person's new password (not a one-time one: the account has passed that step). */
  async trocarSenha(id: string, senhaHash: string): Promise<void> {
    await this.q.query(
      'update equipe_contas set senha_hash = $2 where id = $1 and not senha_provisoria and desativada_em is null',
      [id, senhaHash],
    );
  }

  async falhaNaPreAutenticacao(hash: string): Promise<number> {
    const [row] = await this.q.query<{ tentativas: number }>(
      'update equipe_pre_autenticacoes set tentativas = tentativas + 1 where token_hash = $1 returning tentativas',
      [hash],
    );
    return row?.tentativas ?? Number.MAX_SAFE_INTEGER;
  }

  async apagarPreAutenticacao(hash: string): Promise<void> {
    await this.q.query('delete from equipe_pre_autenticacoes where token_hash = $1', [hash]);
  }

  // --- sessions -------------------------------------------------------------------------------

  async criarSessao(hash: string, contaId: string, em: Date, expiraEm: Date): Promise<void> {
    await this.q.query(
      `insert into equipe_sessoes (token_hash, conta_id, criada_em, ultimo_uso_em, expira_em)
       values ($1, $2, $3, $3, $4)`,
      [hash, contaId, em, expiraEm],
    );
  }

  /** An open session of an active account with a confirmed second factor and its own password; null otherwise. */
  async sessao(hash: string): Promise<SessaoRow | null> {
    const [row] = await this.q.query<SessaoRow>(
      `select s.conta_id as "contaId", c.nome, c.email, c.papel, s.criada_em as "criadaEm",
         s.ultimo_uso_em as "ultimoUsoEm", s.expira_em as "expiraEm"
       from equipe_sessoes s join equipe_contas c on c.id = s.conta_id
       where s.token_hash = $1 and s.encerrada_em is null and c.desativada_em is null
         and c.totp_confirmado_em is not null and not c.senha_provisoria`,
      [hash],
    );
    return row ?? null;
  }

  /** Staff sessions open, before their end and used since `usadaDesde` (metrics): the table is small. */
  async sessoesAtivas(agora: Date, usadaDesde: Date): Promise<number> {
    const [r] = await this.q.query<{ n: number }>(
      `select count(*)::int as n from equipe_sessoes
        where encerrada_em is null and expira_em > $1 and ultimo_uso_em > $2`,
      [agora, usadaDesde],
    );
    return r?.n ?? 0;
  }

  async tocarSessao(hash: string, em: Date): Promise<void> {
    await this.q.query('update equipe_sessoes set ultimo_uso_em = $2 where token_hash = $1', [hash, em]);
  }

  async encerrarSessao(hash: string, em: Date): Promise<void> {
    await this.q.query('update equipe_sessoes set encerrada_em = $2 where token_hash = $1 and encerrada_em is null', [
      hash,
      em,
    ]);
  }

  /** Ends the account's open sessions but one (and its pending sign-in steps); answers how many ended. */
  async encerrarOutrasSessoes(contaId: string, manterHash: string, em: Date): Promise<number> {
    const rows = await this.q.query(
      `update equipe_sessoes set encerrada_em = $3
       where conta_id = $1 and token_hash <> $2 and encerrada_em is null returning conta_id`,
      [contaId, manterHash, em],
    );
    await this.q.query('delete from equipe_pre_autenticacoes where conta_id = $1', [contaId]);
    return rows.length;
  }

  async encerrarSessoesDaConta(contaId: string, em: Date): Promise<void> {
    await this.q.query('update equipe_sessoes set encerrada_em = $2 where conta_id = $1 and encerrada_em is null', [
      contaId,
      em,
    ]);
    await this.q.query('delete from equipe_pre_autenticacoes where conta_id = $1', [contaId]);
  }

  // --- audit trail ----------------------------------------------------------------------------

  async auditar(r: RegistroDeAuditoria): Promise<void> {
    await this.q.query(
      `insert into equipe_auditoria (em, conta_id, evento, protocolo, codigo_contrato, ip, user_agent, detalhe)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        r.em,
        r.contaId,
        r.evento,
        r.protocolo ?? null,
        r.codigoContrato ?? null,
        r.ip,
        r.userAgent?.slice(0, 300) ?? null,
        JSON.stringify(r.detalhe ?? {}),
      ],
    );
  }

  async auditoria(f: {
    conta?: string | undefined;
    desde?: Date | undefined;
    ate?: Date | undefined;
    antesDe?: string | undefined;
    limite: number;
  }) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.conta) where.push(`a.conta_id = $${params.push(f.conta)}`);
    if (f.desde) where.push(`a.em >= $${params.push(f.desde)}`);
    if (f.ate) where.push(`a.em <= $${params.push(f.ate)}`);
    if (f.antesDe) where.push(`a.id < $${params.push(f.antesDe)}`);
    const limite = params.push(f.limite);
    return this.q.query<{
      id: string;
      em: Date;
      evento: string;
      contaId: string | null;
      contaNome: string | null;
      protocolo: string | null;
      codigoContrato: string | null;
      ip: string;
      detalhe: Record<string, unknown> | string;
    }>(
      `select a.id::text as id, a.em, a.evento, a.conta_id as "contaId", c.nome as "contaNome", a.protocolo,
         a.codigo_contrato as "codigoContrato", a.ip, a.detalhe
       from equipe_auditoria a left join equipe_contas c on c.id = a.conta_id
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by a.id desc limit $${limite}`,
      params,
    );
  }

  // --- answer templates -----------------------------------------------------------------------

  async modelos() {
    return this.q.query<{ id: string; titulo: string; texto: string; tipos: TipoProtocolo[] }>(
      `select id::text as id, titulo, texto, tipos from equipe_modelos_resposta where removido_em is null
       order by titulo, id`,
    );
  }

  /** One template still in use, or null. */
  async modelo(id: string) {
    const [row] = await this.q.query<{ id: string; titulo: string; texto: string; tipos: TipoProtocolo[] }>(
      `select id::text as id, titulo, texto, tipos from equipe_modelos_resposta where id = $1 and removido_em is null`,
      [id],
    );
    return row ?? null;
  }

  async criarModelo(m: { titulo: string; texto: string; tipos: TipoProtocolo[]; contaId: string; em: Date }) {
    const [row] = await this.q.query<{ id: string; titulo: string; texto: string; tipos: TipoProtocolo[] }>(
      `insert into equipe_modelos_resposta (titulo, texto, tipos, criado_por, criado_em) values ($1, $2, $3, $4, $5)
       returning id::text as id, titulo, texto, tipos`,
      [m.titulo, m.texto, m.tipos, m.contaId, m.em],
    );
    if (!row) throw new Error('answer template insert returned nothing');
    return row;
  }

  async removerModelo(id: string, em: Date): Promise<boolean> {
    const rows = await this.q.query(
      'update equipe_modelos_resposta set removido_em = $2 where id = $1 and removido_em is null returning id',
      [id, em],
    );
    return rows.length === 1;
  }

  // --- the queue and one protocol with its member's context (read-only) ----------------------

  async fila(f: {
    abertos: boolean;
    tipo?: TipoProtocolo | undefined;
    venceAte?: string | undefined;
    /** Deadline days, both ends inclusive (a band: diasDaFaixa); only protocols still waiting. */
    faixa?: { de?: string; ate?: string } | undefined;
    /** protocolos: every kind but Reembolso; reembolsos: only Reembolso (never counted together). */
    grupo?: GrupoDePrazo | undefined;
    busca?: string | undefined;
    /** An account id: only its protocols ('Minha fila'); null: only those nobody took. */
    responsavel?: string | null | undefined;
    depoisDe?: { prazo: string; numero: string } | undefined;
    limite: number;
  }): Promise<ItemDaFila[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (f.abertos) where.push(ABERTOS);
    if (f.responsavel === null) where.push('pr.conta_id is null');
    else if (f.responsavel) where.push(`pr.conta_id = $${params.push(f.responsavel)}`);
    if (f.tipo) where.push(`p.tipo = $${params.push(f.tipo)}`);
    if (f.venceAte) where.push(`p.prazo_resposta <= $${params.push(f.venceAte)}::date`);
    if (f.faixa) {
      where.push(ABERTOS);
      if (f.faixa.de) where.push(`p.prazo_resposta >= $${params.push(f.faixa.de)}::date`);
      if (f.faixa.ate) where.push(`p.prazo_resposta <= $${params.push(f.faixa.ate)}::date`);
    }
    if (f.grupo) where.push(`p.tipo ${f.grupo === 'reembolsos' ? '=' : '<>'} 'REEMBOLSO'`);
    if (f.busca) {
      const digitos = f.busca.replace(/[\s.\-/]/g, '');
      if (/^\d{20}$/.test(digitos)) where.push(`p.numero = $${params.push(digitos)}`);
      else {
        const exato = params.push(f.busca);
        const parte = params.push(`%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(p.codigo_contrato = $${exato} or p.codigo_beneficiario = $${exato} or pb.nome ilike $${parte} ` +
            `or s.nome ilike $${parte})`,
        );
      }
    }
    if (f.depoisDe) {
      const a = params.push(f.depoisDe.prazo);
      const b = params.push(f.depoisDe.numero);
      where.push(`(p.prazo_resposta, p.numero) > ($${a}::date, $${b})`);
    }
    const limite = params.push(f.limite);
    return this.q.query<ItemDaFila>(
      `select ${ITEM} from ${ORIGEM}
       ${where.length ? `where ${where.join(' and ')}` : ''}
       order by p.prazo_resposta, p.numero
       limit $${limite}`,
      params,
    );
  }

  async protocolo(numero: string): Promise<ItemDaFila | null> {
    const [row] = await this.q.query<ItemDaFila>(`select ${ITEM} from ${ORIGEM} where p.numero = $1`, [numero]);
    return row ?? null;
  }

  async historico(numero: string) {
    return this.q.query<{
      em: Date;
      situacao: SituacaoProtocolo;
      situacaoReembolso: SituacaoReembolso | null;
      descricao: string;
    }>(
      `select em, situacao, situacao_reembolso as "situacaoReembolso", descricao from protocolo_eventos
        where numero = $1 order by em, id`,
      [numero],
    );
  }

  async contrato(codigo: string) {
    const [row] = await this.q.query<{ codigo: string; plano: string; dataCancelamento: string | null }>(
      `select ct.codigo_contrato as codigo, pl.nome as plano, ct.data_cancelamento::text as "dataCancelamento"
       from contratos ct join planos pl on pl.codigo_plano = ct.codigo_plano where ct.codigo_contrato = $1`,
      [codigo],
    );
    return row ?? null;
  }

  async beneficiarios(codigoContrato: string) {
    return this.q.query<{
      nome: string;
      codigo: string;
      tipo: string;
      parentesco: string | null;
      ativo: boolean;
      dataExclusao: string | null;
      cpf: string;
    }>(
      `select pe.nome, b.codigo_beneficiario as codigo, b.tipo, b.parentesco, b.ativo,
         b.data_exclusao::text as "dataExclusao", b.cpf
       from beneficiarios b join pessoas pe on pe.cpf = b.cpf
       where b.codigo_contrato = $1 order by b.tipo desc, pe.nome`,
      [codigoContrato],
    );
  }

  async protocolosAnteriores(codigoContrato: string, exceto: string) {
    return this.q.query<{
      numero: string;
      tipo: TipoProtocolo;
      assunto: string;
      situacao: SituacaoProtocolo;
      criadoEm: Date;
    }>(
      `select numero, tipo, assunto, situacao, criado_em as "criadoEm" from protocolos
       where codigo_contrato = $1 and numero <> $2 and tipo <> 'REEMBOLSO'
       order by criado_em desc, numero desc limit 10`,
      [codigoContrato, exceto],
    );
  }

  /** What was asked, by kind (the tables each request writes beside its protocol). */
  async dependenteSolicitado(numero: string) {
    const [row] = await this.q.query<{
      id: string;
      nome: string;
      dataNascimento: string;
      cidade: string;
      cpf: string;
      situacao: string;
    }>(
      `select id::text as id, nome, data_nascimento::text as "dataNascimento", cidade, cpf, situacao
       from dependentes_solicitados where protocolo = $1 order by id limit 1`,
      [numero],
    );
    return row ?? null;
  }

  async decidirDependente(numero: string, aprovado: boolean): Promise<void> {
    await this.q.query(
      `update dependentes_solicitados set situacao = $2 where protocolo = $1 and situacao = 'EM_ANALISE'`,
      [numero, aprovado ? 'APROVADA' : 'RECUSADA'],
    );
  }

  async correcao(numero: string) {
    const [row] = await this.q.query<{ campo: string; valorCorreto: string; observacao: string | null }>(
      `select campo, valor_correto as "valorCorreto", observacao from correcoes_dados where protocolo = $1`,
      [numero],
    );
    return row ?? null;
  }

  /** A data correction applied (staff console): the fields the portal keeps itself. */
  async aplicarCorrecao(cpf: string, campo: 'NOME_SOCIAL' | 'EMAIL' | 'CELULAR', valor: string): Promise<void> {
    const coluna = { NOME_SOCIAL: 'nome_social', EMAIL: 'email', CELULAR: 'celular' }[campo];
    await this.q.query(`update pessoas set ${coluna} = $2 where cpf = $1`, [cpf, valor]);
  }

  async cancelamento(numero: string) {
    const [row] = await this.q.query<{
      abrangencia: string;
      dataCancelamento: string;
      beneficiarios: { nome: string }[] | string;
    }>(
      `select abrangencia, data_cancelamento::text as "dataCancelamento", beneficiarios
       from cancelamentos where protocolo = $1`,
      [numero],
    );
    return row ?? null;
  }
}
