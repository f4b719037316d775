import { diaEmSaoPaulo, formatDate } from '@portal/br';
import {
  type AcaoProtocoloRequest,
  BUSCA_ATENDIMENTO,
  type BuscaAtendimentoResponse,
  type DecisaoPorTipo,
  type FaixaDePrazo,
  type GrupoDePrazo,
  type LoteResponse,
  PAPEIS_REEMBOLSO,
  type PessoaEncontrada,
  type ProtocoloAtendimento,
  type ResultadoDoLote,
  resumoDoContexto,
  ROTULOS_TIPO_PROTOCOLO,
  type SituacaoProtocolo,
  textoDoPedidoDeDocumentos,
  type TipoProtocolo,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError, dadosInvalidos } from '../../lib/app-error';
import type { Contadores } from '../../lib/metricas';
import {
  aguardaResposta,
  contarPorFaixa,
  descricaoDoPrazo,
  diasDaFaixa,
  estaAtrasado,
  FAIXAS_DE_PRAZO,
  faixaDoPrazo,
} from '../../lib/prazos';
import {
  diasUteisAte,
  type EfeitoDaResposta,
  lerCursor,
  lerPdf,
  type Operador,
  type RespostasDeProtocolosService,
} from '../../core/protocolos/respostas';
import { FilaDeProtocolosRepository } from '../../core/protocolos/repository';
import type { QuemAtende } from './equipe';
import { BuscaRepository, criteriosDaBusca } from './busca';
import { contextoDoMembro } from './caso';
import { EquipeRepository, type ItemDaFila } from './repository';
import { QuemEstaNoProtocolo } from './responsavel';

const iso = (d: Date | string) => new Date(d).toISOString();
const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Protocolo não encontrado.');
/** Responder, cancelar or pedir informação on a reimbursement's protocol: its own screen does that. */
export const MENSAGEM_ACAO_EM_REEMBOLSO =
  'Este protocolo é um pedido de reembolso: analise, peça documentos, aprove, negue ou pague na tela do reembolso.';

/** '529.982.247-25' → '***.982.247-**': enough to tell two people apart on the phone, no more. */
export const mascararCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** What 'responder' needs by kind (decision 0033; RN 561 for cancellations). */
export function decisaoDoTipo(tipo: TipoProtocolo): DecisaoPorTipo | null {
  if (tipo === 'CANCELAMENTO_CONTRATO' || tipo === 'CANCELAMENTO_DEPENDENTES') return 'cancelamento';
  if (tipo === 'CORRECAO_DADOS') return 'correcao';
  if (tipo === 'INCLUSAO_DEPENDENTE' || tipo === 'CONTRATACAO_SOS' || tipo === 'CONTRATACAO_ORTOPEDICO')
    return 'aceite';
  return null;
}

const ROTULOS_CAMPO: Record<string, string> = {
  NOME_SOCIAL: 'Nome social',
  EMAIL: 'E-mail',
  CELULAR: 'Celular',
  ENDERECO: 'Endereço',
  OUTRO: 'Outro dado',
};

/** The fields the portal keeps itself, which an applied correction changes (the rest is the operator's system). */
const CAMPOS_APLICAVEIS = ['NOME_SOCIAL', 'EMAIL', 'CELULAR'] as const;
type CampoAplicavel = (typeof CAMPOS_APLICAVEIS)[number];

export interface AtendimentoServiceDeps {
  db: Db;
  respostas: RespostasDeProtocolosService;
  clock: Clock;
  /** Each audited read or action, by role and event code, for /metrics (none when metrics are off). */
  contadores?: Pick<Contadores, 'acaoDaEquipe'>;
}

/**
 * The console's protocol work (issue 17, decision 0033): the queue by deadline, one protocol with
 * its member's context (read-only, audited), and the actions — through the same
 * RespostasDeProtocolosService as the integration API, with a staff account as the Operador.
 */

/** One protocol of a bulk action: ok, or refused with the Portuguese message of the rule that refused it. */
async function umDoLote(numero: string, fazer: () => Promise<unknown>): Promise<ResultadoDoLote> {
  try {
    await fazer();
    return { numero, resultado: 'ok', motivo: null };
  } catch (err) {
    if (err instanceof AppError) return { numero, resultado: 'recusado', motivo: err.message };
    throw err;
  }
}

/**
 * Why a template cannot answer this protocol in bulk, or null: a reimbursement has its own steps,
 * the template is for other kinds, the kind asks for a decision (cancellation date, accept or
 * refuse) that one template cannot make, or the protocol is no longer waiting for an answer.
 */
export function recusaDoModelo(
  modelo: { titulo: string; tipos: readonly TipoProtocolo[] },
  p: { tipo: TipoProtocolo; situacao: SituacaoProtocolo },
): string | null {
  const tipo = ROTULOS_TIPO_PROTOCOLO[p.tipo];
  if (p.tipo === 'REEMBOLSO')
    return 'Reembolso não se responde com modelo: use a tela do reembolso (análise, aprovação, negativa, pagamento).';
  if (modelo.tipos.length > 0 && !modelo.tipos.includes(p.tipo))
    return `O modelo "${modelo.titulo}" não é para protocolos de ${tipo}.`;
  if (decisaoDoTipo(p.tipo) !== null)
    return `${tipo} pede uma decisão própria: responda este protocolo pela tela dele.`;
  if (!aguardaResposta(p.situacao)) return 'Este protocolo já foi respondido ou cancelado.';
  return null;
}

/** dependentes_solicitados.situacao in words (migration 0006). */
const SITUACAO_DO_DEPENDENTE: Record<string, string> = {
  EM_ANALISE: 'Em análise',
  APROVADA: 'Aprovada',
  RECUSADA: 'Recusada',
};
export class AtendimentoService {
  constructor(private readonly d: AtendimentoServiceDeps) {}

  private get repo() {
    return new EquipeRepository(this.d.db);
  }

  /** Who is on a protocol: its owner and who has it open (decision 0055). */
  get quemEsta() {
    return new QuemEstaNoProtocolo(this.d.db, this.d.clock, (quem, evento) => this.contarAcao(quem, evento));
  }

  private hoje() {
    return diaEmSaoPaulo(this.d.clock.now());
  }

  /** An audit row of the staff trail (every read of member data, every action). */
  async auditar(
    quem: QuemAtende,
    evento: string,
    extra: { protocolo?: string; codigoContrato?: string; detalhe?: Record<string, unknown> } = {},
  ) {
    await this.repo.auditar({
      em: new Date(this.d.clock.now()),
      contaId: quem.equipe.conta.id,
      evento,
      ip: quem.origin.ip,
      userAgent: quem.origin.userAgent,
      ...extra,
    });
    this.contarAcao(quem, evento);
  }

  /**
   * Counts an audited read or action once its audit row is written (committed, for the ones written
   * inside a transaction): the role and the event's code, never who or on which member.
   */
  contarAcao(quem: QuemAtende, evento: string): void {
    this.d.contadores?.acaoDaEquipe(quem.equipe.conta.papel, evento);
  }

  private item(p: ItemDaFila, hoje: string) {
    const aberto = aguardaResposta(p.situacao);
    return {
      protocolo: p.numero.trim(),
      tipo: p.tipo,
      assunto: p.assunto,
      situacao: p.situacao,
      situacaoReembolso: p.situacaoReembolso,
      criadoEm: iso(p.criadoEm),
      prazoResposta: p.prazoResposta,
      prazoDescricao: descricaoDoPrazo(p.tipo),
      diasUteisRestantes: aberto ? diasUteisAte(hoje, p.prazoResposta) : null,
      atrasado: estaAtrasado(p.situacao, p.prazoResposta, hoje),
      venceHoje: aberto && p.prazoResposta === hoje,
      faixa: aberto ? faixaDoPrazo(p.prazoResposta, hoje) : null,
      codigoContrato: p.codigoContrato,
      beneficiario: p.beneficiario ?? p.solicitante,
      responsavel: p.responsavelId ? { id: p.responsavelId, nome: p.responsavelNome ?? '' } : null,
      versao: p.versao,
    };
  }

  async fila(
    f: {
      situacao: 'abertos' | 'todos';
      tipo?: TipoProtocolo | undefined;
      venceAte?: string | undefined;
      faixa?: FaixaDePrazo | undefined;
      grupo?: GrupoDePrazo | undefined;
      busca?: string | undefined;
      responsavel?: 'eu' | 'ninguem' | undefined;
      cursor?: string | undefined;
      limite: number;
    },
    quem: QuemAtende,
  ) {
    const hoje = this.hoje();
    const repo = this.repo;
    const responsavel = f.responsavel === 'eu' ? quem.equipe.conta.id : f.responsavel === 'ninguem' ? null : undefined;
    const linhas = await repo.fila({
      abertos: f.situacao === 'abertos',
      tipo: f.tipo,
      venceAte: f.venceAte,
      faixa: f.faixa ? diasDaFaixa(f.faixa, hoje) : undefined,
      grupo: f.grupo,
      busca: f.busca || undefined,
      responsavel,
      depoisDe: f.cursor ? lerCursor(f.cursor) : undefined,
      limite: f.limite + 1,
    });
    const pagina = linhas.slice(0, f.limite);
    const ultimo = pagina.at(-1);
    // A list of names is a read of member data too (LGPD art. 37): one row per page.
    await this.auditar(quem, 'equipe_leu_fila', {
      detalhe: { filtros: { ...f, cursor: undefined }, protocolos: pagina.length },
    });
    return {
      itens: pagina.map((p) => this.item(p, hoje)),
      proximoCursor:
        linhas.length > f.limite && ultimo
          ? Buffer.from(`${ultimo.prazoResposta}|${ultimo.numero.trim()}`).toString('base64url')
          : null,
      ...(await this.contagens(responsavel, hoje)),
    };
  }

  /**
   * The queue's cards: one grouped read of the waiting protocols (kind × deadline day, the same as
   * the metrics), turned into bands by the one rule (contarPorFaixa). Only 'Responsável' narrows it:
   * the cards are the other filters.
   */
  private async contagens(responsavel: string | null | undefined, hoje: string) {
    const porTipo = contarPorFaixa(
      await new FilaDeProtocolosRepository(this.d.db).abertosPorPrazo({ responsavel }),
      hoje,
    );
    const resumo = Object.entries(porTipo).flatMap(([tipo, faixas]) =>
      FAIXAS_DE_PRAZO.filter((faixa) => faixas[faixa] > 0).map((faixa) => ({
        tipo: tipo as TipoProtocolo,
        faixa,
        n: faixas[faixa],
      })),
    );
    const soma = (faixa?: FaixaDePrazo) =>
      resumo.filter((r) => !faixa || r.faixa === faixa).reduce((t, r) => t + r.n, 0);
    return { totais: { abertos: soma(), atrasados: soma('atrasado'), vencemHoje: soma('vence_hoje') }, resumo };
  }

  /** One protocol with its member's context; audited as a read of member data ('equipe_leu_protocolo'). */
  async protocolo(numero: string, quem: QuemAtende): Promise<ProtocoloAtendimento> {
    const p = await this.repo.protocolo(numero);
    if (!p) throw naoEncontrado();
    const detalhe = await this.detalhe(p, quem);
    // What the screen showed of the member (decision 0057), not only that the case was opened.
    await this.auditar(quem, 'equipe_leu_protocolo', {
      protocolo: numero,
      codigoContrato: p.codigoContrato,
      detalhe: { mostrado: resumoDoContexto(detalhe.contexto) },
    });
    return detalhe;
  }

  private async pedido(p: ItemDaFila): Promise<{ rotulo: string; valor: string }[]> {
    const linhas = [{ rotulo: 'Assunto', valor: p.assunto }];
    const repo = this.repo;
    if (p.tipo === 'INCLUSAO_DEPENDENTE') {
      const dep = await repo.dependenteSolicitado(p.numero);
      if (dep)
        linhas.push(
          { rotulo: 'Dependente', valor: dep.nome },
          { rotulo: 'CPF do dependente', valor: mascararCpf(dep.cpf) },
          { rotulo: 'Nascimento', valor: formatDate(dep.dataNascimento) },
          { rotulo: 'Cidade', valor: dep.cidade },
          { rotulo: 'Situação do pedido', valor: SITUACAO_DO_DEPENDENTE[dep.situacao] ?? dep.situacao },
        );
    } else if (p.tipo === 'CORRECAO_DADOS') {
      const c = await repo.correcao(p.numero);
      if (c) {
        linhas.push(
          { rotulo: 'Dado a corrigir', valor: ROTULOS_CAMPO[c.campo] ?? c.campo },
          { rotulo: 'Valor correto', valor: c.valorCorreto },
        );
        if (c.observacao) linhas.push({ rotulo: 'Observação', valor: c.observacao });
      }
    } else if (p.tipo === 'CANCELAMENTO_CONTRATO' || p.tipo === 'CANCELAMENTO_DEPENDENTES') {
      const c = await repo.cancelamento(p.numero);
      if (c) {
        const bs = (typeof c.beneficiarios === 'string' ? JSON.parse(c.beneficiarios) : c.beneficiarios) as {
          nome: string;
        }[];
        linhas.push(
          { rotulo: 'Abrangência', valor: c.abrangencia === 'CONTRATO' ? 'Todo o contrato' : 'Dependentes' },
          { rotulo: 'Beneficiários', valor: bs.map((b) => b.nome).join(', ') },
          { rotulo: 'Data do cancelamento', valor: formatDate(c.dataCancelamento) },
        );
      }
    }
    return linhas;
  }

  private async detalhe(p: ItemDaFila, quem: QuemAtende): Promise<ProtocoloAtendimento> {
    const repo = this.repo;
    const quemEsta = this.quemEsta;
    const hoje = this.hoje();
    const [historico, contexto, pedido, responsavel, presentes] = await Promise.all([
      repo.historico(p.numero),
      contextoDoMembro(this.d.db, p.codigoContrato, p.numero, hoje),
      this.pedido(p),
      quemEsta.responsavel(p.numero),
      quemEsta.presentes(p.numero, quem.equipe.conta.id),
    ]);
    return {
      ...this.item(p, hoje),
      versao: p.versao,
      responsavel,
      presentes,
      canal: p.canal,
      solicitante: p.solicitante,
      pedido,
      resposta: p.resposta,
      respondidoEm: p.respondidoEm ? iso(p.respondidoEm) : null,
      respondidoPor: p.respondidoPor
        ? p.respondidoPorNome
          ? `${p.respondidoPorNome} (equipe de atendimento)`
          : 'Sistema da operadora (integração)'
        : null,
      anexoDaOperadora: p.anexo,
      decisao: aguardaResposta(p.situacao) ? decisaoDoTipo(p.tipo) : null,
      historico: historico.map((e) => ({
        em: iso(e.em),
        situacao: e.situacao,
        situacaoReembolso: e.situacaoReembolso,
        descricao: e.descricao,
      })),
      contexto,
    };
  }

  /**
   * An action on a protocol (contract item 6). Every state change goes through
   * RespostasDeProtocolosService (one transaction: protocol, history, audit, webhook, notice); the
   * kind-specific decision is checked here and its effect runs inside that transaction.
   */
  async agir(numero: string, a: AcaoProtocoloRequest, quem: QuemAtende): Promise<ProtocoloAtendimento> {
    const atual = await this.repo.protocolo(numero);
    if (!atual) throw naoEncontrado();
    await this.executar(atual, a, quem);
    const depois = await this.repo.protocolo(numero);
    if (!depois) throw naoEncontrado();
    return this.detalhe(depois, quem);
  }

  /** One action on one protocol (agir, and each protocol of a bulk answer), audited as the single action. */
  private async executar(
    atual: ItemDaFila,
    a: AcaoProtocoloRequest,
    quem: QuemAtende,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const numero = atual.numero.trim();
    // A reimbursement is answered, asked for documents and closed by its own steps, which keep its
    // legal deadline, its payment and the member's history right (decision 0034); forwarding it to
    // another sector stays a protocol action.
    if (atual.tipo === 'REEMBOLSO' && a.acao !== 'encaminhar')
      throw new AppError(422, 'DADOS_INVALIDOS', MENSAGEM_ACAO_EM_REEMBOLSO);
    const operador: Operador = {
      equipe: { id: quem.equipe.conta.id, nome: quem.equipe.conta.nome },
      origin: quem.origin,
    };
    // 'Pedir informação' with the checklist: the documents' list, then the free text (decision 0057).
    const texto =
      a.acao === 'pedir-informacao' ? textoDoPedidoDeDocumentos(a.documentos ?? [], a.texto) : a.texto.trim();
    if (texto.length > 2000)
      throw dadosInvalidos('O pedido ficou com mais de 2000 caracteres com a lista de documentos: encurte o texto.');
    if (a.pdfBase64 !== undefined && a.acao !== 'responder')
      throw dadosInvalidos('Só a ação responder aceita um PDF anexo.');
    switch (a.acao) {
      case 'responder': {
        const { resposta, efeito, detalhe } = await this.decisao(atual, a, texto);
        await this.d.respostas.responder(
          numero,
          { status: 'CONCLUIDO', resposta, pdf: a.pdfBase64 === undefined ? null : lerPdf(a.pdfBase64) },
          operador,
          efeito,
          a.versao,
        );
        await this.auditar(quem, 'equipe_respondeu', {
          protocolo: numero,
          codigoContrato: atual.codigoContrato,
          detalhe: { ...detalhe, ...extra },
        });
        break;
      }
      case 'cancelar':
        await this.d.respostas.responder(
          numero,
          { status: 'CANCELADO', resposta: texto, pdf: null },
          operador,
          undefined,
          a.versao,
        );
        await this.auditar(quem, 'equipe_cancelou', { protocolo: numero, codigoContrato: atual.codigoContrato });
        break;
      case 'pedir-informacao':
        await this.d.respostas.pedirInformacao(numero, texto, operador, a.versao);
        await this.auditar(quem, 'equipe_pediu_informacao', {
          protocolo: numero,
          codigoContrato: atual.codigoContrato,
          detalhe: { documentos: a.documentos ?? [] },
        });
        break;
      case 'encaminhar':
        await this.d.respostas.encaminhar(numero, a.setor ?? '', texto, operador, a.versao);
        await this.auditar(quem, 'equipe_encaminhou', {
          protocolo: numero,
          codigoContrato: atual.codigoContrato,
          detalhe: { setor: a.setor },
        });
        break;
    }
  }

  // --- bulk actions on the queue (issue 31, decision 0061) -------------------------------------

  /**
   * 'Assumir selecionados': each protocol by the rule of 'Assumir' (decidirResponsavel, its own
   * transaction and audit row), one after the other; a refusal is that protocol's answer only.
   */
  async assumirEmLote(itens: readonly { numero: string }[], quem: QuemAtende): Promise<LoteResponse> {
    const resultados: ResultadoDoLote[] = [];
    for (const { numero } of itens)
      resultados.push(await umDoLote(numero, () => this.quemEsta.mudar(numero, { acao: 'assumir' }, quem)));
    return { resultados };
  }

  /**
   * 'Responder com modelo': each protocol answered (Concluído) with the template's text through the
   * single action (the answer service, its version check, its audit row), where the template is
   * for its kind and the kind needs no decision of its own; the rest are refused, each with why.
   */
  async responderEmLote(
    modeloId: string,
    itens: readonly { numero: string; versao: number }[],
    quem: QuemAtende,
  ): Promise<LoteResponse> {
    const modelo = await this.repo.modelo(modeloId);
    if (!modelo) throw new AppError(404, 'NAO_ENCONTRADO', 'Modelo de resposta não encontrado.');
    const resultados: ResultadoDoLote[] = [];
    for (const { numero, versao } of itens)
      resultados.push(
        await umDoLote(numero, async () => {
          const atual = await this.repo.protocolo(numero);
          if (!atual) throw naoEncontrado();
          const recusa = recusaDoModelo(modelo, atual);
          if (recusa) throw new AppError(422, 'DADOS_INVALIDOS', recusa);
          await this.executar(atual, { acao: 'responder', texto: modelo.texto, versao }, quem, {
            modelo: modelo.id,
            emLote: true,
          });
        }),
      );
    return { resultados };
  }

  /** The answer text and its effect, by kind: what each decision requires, checked before anything is written. */
  private async decisao(
    p: ItemDaFila,
    a: AcaoProtocoloRequest,
    texto: string,
  ): Promise<{ resposta: string; efeito?: EfeitoDaResposta; detalhe: Record<string, unknown> }> {
    const motivo = a.motivo?.trim();
    switch (decisaoDoTipo(p.tipo)) {
      case 'cancelamento': {
        if (!a.dataEfeito)
          throw dadosInvalidos('Informe a data de efeito do cancelamento (dataEfeito, AAAA-MM-DD): a RN 561 exige.');
        return {
          resposta: `${texto}\n\nCancelamento confirmado, com efeito em ${formatDate(a.dataEfeito)}. Este documento é o comprovante.`,
          detalhe: { dataEfeito: a.dataEfeito },
        };
      }
      case 'correcao': {
        if (a.aplicar === undefined) throw dadosInvalidos('Informe se a correção será aplicada (aplicar: sim ou não).');
        if (!a.aplicar) {
          if (!motivo) throw dadosInvalidos('Informe o motivo da recusa da correção.');
          return { resposta: `${texto}\n\nCorreção recusada. Motivo: ${motivo}`, detalhe: { aplicar: false } };
        }
        const c = await this.repo.correcao(p.numero);
        if (!c)
          throw new AppError(409, 'DADOS_DIVERGENTES', 'O pedido de correção deste protocolo não foi encontrado.');
        const campo = c.campo as CampoAplicavel;
        const aplicavel = (CAMPOS_APLICAVEIS as readonly string[]).includes(c.campo);
        if (campo === 'CELULAR' && !/^\d{10,11}$/.test(c.valorCorreto.replace(/\D/g, '')))
          throw new AppError(
            422,
            'DADOS_INVALIDOS',
            'O celular pedido não é válido (DDD e número): recuse a correção informando o motivo.',
          );
        if (campo === 'EMAIL' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.valorCorreto.trim()))
          throw new AppError(
            422,
            'DADOS_INVALIDOS',
            'O e-mail pedido não é válido: recuse a correção informando o motivo.',
          );
        const valor = campo === 'CELULAR' ? c.valorCorreto.replace(/\D/g, '') : c.valorCorreto.trim();
        return {
          resposta: `${texto}\n\nCorreção aplicada: ${ROTULOS_CAMPO[c.campo] ?? c.campo}.`,
          efeito: aplicavel
            ? (tx, alvo) => new EquipeRepository(tx).aplicarCorrecao(alvo.cpf, campo, valor)
            : undefined,
          detalhe: { aplicar: true, campo: c.campo, noPortal: aplicavel },
        };
      }
      case 'aceite': {
        if (a.aceitar === undefined) throw dadosInvalidos('Informe se o pedido foi aceito (aceitar: sim ou não).');
        if (!a.aceitar && !motivo) throw dadosInvalidos('Informe o motivo da recusa.');
        const resposta = a.aceitar ? `${texto}\n\nPedido aceito.` : `${texto}\n\nPedido recusado. Motivo: ${motivo}`;
        return {
          resposta,
          efeito:
            p.tipo === 'INCLUSAO_DEPENDENTE'
              ? (tx) => new EquipeRepository(tx).decidirDependente(p.numero, a.aceitar === true)
              : undefined,
          detalhe: { aceitar: a.aceitar },
        };
      }
      default:
        return { resposta: texto, detalhe: {} };
    }
  }

  // --- find anyone (issue 31) -------------------------------------------------------------------

  /**
   * GET /busca: the people one text finds (CPF, protocol, card, receipt, contract or name), with
   * their links, protocols and — for a role that may see them — reimbursements. Audited as a read
   * of member data ('equipe_buscou'), with the text as typed, as the queue's search is.
   */
  async buscar(q: string, quem: QuemAtende): Promise<BuscaAtendimentoResponse> {
    const repo = new BuscaRepository(this.d.db);
    const { maxPessoas, maxPorPessoa } = BUSCA_ATENDIMENTO;
    const { pessoas: achadas, nomeComum } = await repo.achar(criteriosDaBusca(q), maxPessoas + 1);
    const pagina = achadas.slice(0, maxPessoas);
    const cpfs = pagina.map((a) => a.cpf);
    const verReembolsos = PAPEIS_REEMBOLSO.includes(quem.equipe.conta.papel);
    const [vinculos, protocolos, reembolsos] = cpfs.length
      ? await Promise.all([
          repo.vinculos(cpfs),
          repo.protocolos(cpfs, maxPorPessoa + 1),
          verReembolsos ? repo.reembolsos(cpfs, maxPorPessoa + 1) : Promise.resolve([]),
        ])
      : [[], [], []];
    const hoje = this.hoje();
    const pessoas = pagina.map((a): PessoaEncontrada => {
      const dela = vinculos.filter((v) => v.cpf === a.cpf);
      const seus = protocolos.filter((p) => p.cpf === a.cpf);
      const reemb = reembolsos.filter((r) => r.cpf === a.cpf);
      return {
        nome: dela[0]?.nome ?? a.nome,
        nomeSocial: dela[0]?.nomeSocial ?? null,
        cpf: mascararCpf(a.cpf),
        encontradoPor: a.criterio,
        vinculos: dela.flatMap((v) =>
          v.codigoBeneficiario && v.codigoContrato
            ? [
                {
                  codigoBeneficiario: v.codigoBeneficiario,
                  codigoContrato: v.codigoContrato,
                  plano: v.plano ?? '',
                  parentesco: v.tipo === 'TITULAR' ? 'Titular' : (v.parentesco ?? 'Dependente'),
                  situacao:
                    v.dataCancelamento && v.dataCancelamento <= hoje
                      ? `Contrato cancelado em ${formatDate(v.dataCancelamento)}`
                      : v.ativo
                        ? 'Ativo'
                        : v.dataExclusao
                          ? `Excluído em ${formatDate(v.dataExclusao)}`
                          : 'Inativo',
                },
              ]
            : [],
        ),
        protocolos: seus.slice(0, maxPorPessoa).map((p) => ({
          protocolo: p.numero.trim(),
          tipo: p.tipo,
          assunto: p.assunto,
          situacao: p.situacao,
          criadoEm: iso(p.criadoEm),
          codigoContrato: p.codigoContrato,
        })),
        maisProtocolos: seus.length > maxPorPessoa,
        reembolsos: reemb.slice(0, maxPorPessoa).map((r) => ({
          protocolo: r.protocolo.trim(),
          tipo: r.tipo,
          beneficiario: r.beneficiario,
          dataAtendimento: r.dataAtendimento,
          prestador: r.prestador,
          valorPago: r.valorPagoCentavos / 100,
          situacao: r.situacao,
          criadoEm: iso(r.criadoEm),
          numeroRecibo: r.numeroRecibo,
          codigoContrato: r.codigoContrato,
        })),
        maisReembolsos: reemb.length > maxPorPessoa,
      };
    });
    // Who looked up whom (LGPD art. 37): the text as typed, as the queue's search stores it, and the
    // contracts of the people shown (the column too, when there is only one).
    const contratos = [...new Set(pessoas.flatMap((p) => p.vinculos.map((v) => v.codigoContrato)))];
    await this.auditar(quem, 'equipe_buscou', {
      codigoContrato: contratos.length === 1 ? contratos[0] : undefined,
      detalhe: {
        busca: q,
        pessoas: pessoas.length,
        criterios: [...new Set(pessoas.map((p) => p.encontradoPor))],
        contratos,
      },
    });
    return { pessoas, mais: achadas.length > maxPessoas, nomeComum };
  }

  // --- answer templates and the audit trail ----------------------------------------------------

  modelos() {
    return this.repo.modelos();
  }

  async criarModelo(m: { titulo: string; texto: string; tipos: TipoProtocolo[] }, quem: QuemAtende) {
    const criado = await this.repo.criarModelo({
      ...m,
      contaId: quem.equipe.conta.id,
      em: new Date(this.d.clock.now()),
    });
    await this.auditar(quem, 'equipe_criou_modelo', { detalhe: { modelo: criado.id, tipos: criado.tipos } });
    return criado;
  }

  async removerModelo(id: string, quem: QuemAtende) {
    if (!(await this.repo.removerModelo(id, new Date(this.d.clock.now()))))
      throw new AppError(404, 'NAO_ENCONTRADO', 'Modelo de resposta não encontrado.');
    await this.auditar(quem, 'equipe_removeu_modelo', { detalhe: { modelo: id } });
  }

  /** The staff trail, newest first (administrators only: the route says so). */
  async trilha(f: {
    conta?: string | undefined;
    desde?: string | undefined;
    ate?: string | undefined;
    cursor?: string | undefined;
    limite: number;
  }) {
    const linhas = await this.repo.auditoria({
      conta: f.conta,
      desde: f.desde ? new Date(f.desde) : undefined,
      ate: f.ate ? new Date(f.ate) : undefined,
      antesDe: f.cursor,
      limite: f.limite + 1,
    });
    const pagina = linhas.slice(0, f.limite);
    return {
      registros: pagina.map((r) => ({
        id: r.id,
        em: iso(r.em),
        evento: r.evento,
        contaId: r.contaId,
        contaNome: r.contaNome,
        protocolo: r.protocolo?.trim() ?? null,
        codigoContrato: r.codigoContrato,
        ip: r.ip,
        detalhe: (typeof r.detalhe === 'string' ? JSON.parse(r.detalhe) : r.detalhe) as Record<string, unknown>,
      })),
      proximoCursor: linhas.length > f.limite ? (pagina.at(-1)?.id ?? null) : null,
    };
  }
}
