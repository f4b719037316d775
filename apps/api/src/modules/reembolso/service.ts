import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  diaEmSaoPaulo,
  formatBRL,
  formatCpf,
  formatDate,
  isValidCpf,
  isValidEmail,
  isValidMobile,
  onlyDigits,
  somarDias,
} from '@portal/br';
import {
  type AnexoReembolso,
  type DadosPagamento,
  dadosPagamentoSchema,
  type DocumentoReembolso,
  formatarNumeroProtocolo,
  MENSAGEM_REEMBOLSO_DESATUALIZADO,
  LIMITES_REEMBOLSO,
  type ListarReembolsosResponse,
  type Operadora,
  type PreviaReembolsoResponse,
  ROTULOS_SITUACAO_REEMBOLSO,
  ROTULOS_TIPO_REEMBOLSO,
  type ReembolsoDetalhe,
  type ReembolsoResumo,
  type SituacaoReembolso,
  type SolicitarReembolsoResponse,
  TIPOS_COM_PEDIDO_MEDICO,
  type TipoReembolso,
  type UltimoPagamentoResponse,
  type VerificarReciboResponse,
  pagamentoMascarado,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../lib/app-error';
import type { Arquivo } from '../../lib/pdf/arquivo';
import { limparNomeArquivo } from '../../lib/nome-arquivo';
import { beneficiarioNaoEncontrado } from '../../lib/nao-encontrado';
import { avisoAoMembro, destinoDoMembro, type EntregaPendente, type Notifier } from '../../core/notificacoes/service';
import type { Membro } from '../../core/sessao/membro';
import type { Envio } from '../../core/solicitacoes/pedido';
import { exigirVinculoAtivo, type SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { WebhooksService } from '../../core/webhooks/service';
import { preparar, receber } from './arquivos';
import type { ClienteClamav } from './clamav';
import { gerarDemonstrativo } from './pdf';
import { type ChaveDoRecibo } from './recibo';
import { calcularPrevia, estimativaDoPedido, estimativaEmPalavras } from './estimativa';
import { type AnexoRow, ReembolsoRepository, type ReembolsoRow } from './repository';

export interface ReembolsoDeps {
  db: Db;
  solicitacoes: SolicitacoesService;
  notifier: Notifier;
  webhooks: WebhooksService;
  operadora: Operadora;
  clock: Clock;
  /** clamd, when CLAMAV_SOCKET is set. */
  clamav?: ClienteClamav;
  /** Attachment bytes per member and contract (REEMBOLSO_COTA_MB). */
  cotaBytes: number;
}

/** A request as the operator reads it (console, integration API). */
export type ReembolsoOperador = ReembolsoDetalhe & {
  codigoContrato: string;
  codigoBeneficiario: string;
  /** The CPF of who received the care (11 digits; the console shows it masked). */
  cpfBeneficiario: string;
  dadosPagamento: Record<string, string>;
  /** An approval of the console awaiting a second person's confirmation (decision 0053). */
  aprovacaoPendente: AprovacaoPendente | null;
  /** The member confirmed sending a receipt their contract had already sent (decision 0056). */
  reciboRepetidoConfirmado: boolean;
  /** Its protocol's version (decision 0055): the console's actions send it back. */
  versao: number;
};

export interface AprovacaoPendente {
  valor: number;
  previsaoPagamento: string;
  /** The staff account that approved, which may not confirm it. */
  por: { id: string; nome: string };
  em: string;
}

/** Four eyes (decision 0053): who approves in the console, and the amount above which a second person confirms. */
export interface QuatroOlhos {
  conta: string;
  acimaCentavos: number;
}

export interface NovoAnexo {
  documento: DocumentoReembolso;
  nome?: string;
  chave?: string;
}

export interface PedidoReembolso {
  cpfBeneficiario: string;
  tipo: TipoReembolso;
  codigoTuss?: string;
  dataAtendimento: string;
  prestador: {
    documento: string;
    nome: string;
    conselho?: string;
    numeroConselho?: string;
    ufConselho?: string;
  };
  valorPago: number;
  numeroRecibo: string;
  anexos: string[];
  pagamento: DadosPagamento;
  /** The member confirmed that a receipt their contract already sent is another care (decision 0056). */
  confirmarReciboRepetido?: boolean;
}

const centavos = (reais: number) => Math.round(reais * 100);
const reais = (c: number) => Math.round(c) / 100;
const iso = (v: string | Date) => new Date(v).toISOString();

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Reembolso não encontrado.');
const regra = (mensagem: string) => new AppError(422, 'DADOS_INVALIDOS', mensagem);

/** The protocol's status for each reimbursement status ('Meus Protocolos' shows it). */
const SITUACAO_PROTOCOLO: Record<SituacaoReembolso, 'ABERTO' | 'EM_ANALISE' | 'CONCLUIDO'> = {
  recebido: 'ABERTO',
  em_analise: 'EM_ANALISE',
  pendente: 'EM_ANALISE',
  aprovado: 'EM_ANALISE',
  pago: 'CONCLUIDO',
  negado: 'CONCLUIDO',
};

/**
 * Reembolso (issue 18, decision 0034). The member side: attachments, the estimate, the request
 * (an RN 623 protocol through SolicitacoesService), list, detail, the answer to a 'pendente' and
 * the demonstrativo. The operator side (the staff console and the integration API call these):
 * the queue by legal deadline, analysis, a question ('pendente'), approval, denial, payment —
 * each writes the history, the `reembolso.atualizado` event and the member's notice in one
 * transaction.
 */
export class ReembolsoService {
  private readonly repo: ReembolsoRepository;

  constructor(private readonly d: ReembolsoDeps) {
    this.repo = new ReembolsoRepository(d.db);
  }

  private agora(): Date {
    return new Date(this.d.clock.now());
  }

  // --- Attachments -------------------------------------------------------------------------------

  /**
   * One file, streamed: received into a temporary file, scanned by clamd when configured, checked
   * and re-encoded (arquivos.ts), then stored once per SHA-256 within the member's quota. With an
   * Idempotency-Key a retry of the same bytes gets the same attachment; other bytes under the same
   * key are refused.
   */
  async enviarAnexo(membro: Membro, corpo: Readable, a: NovoAnexo): Promise<AnexoReembolso> {
    await exigirVinculoAtivo(this.d.db, membro);
    const recebido = await receber(corpo);
    try {
      const repetir = (anterior: AnexoRow) => {
        if (anterior.sha256Enviado !== recebido.sha256 || anterior.documento !== a.documento) {
          throw new AppError(
            422,
            'IDEMPOTENCIA_CONFLITO',
            'Esta chave de idempotência já foi usada para outro arquivo. Envie uma nova chave para um novo arquivo.',
          );
        }
        return anexoPublico(anterior);
      };
      if (a.chave) {
        const anterior = await this.repo.anexoPorChave(membro, a.chave);
        if (anterior) return repetir(anterior);
      }
      if (this.d.clamav) {
        let resultado;
        try {
          resultado = await this.d.clamav.varrer(createReadStream(recebido.caminho));
        } catch {
          throw new AppError(
            503,
            'INDISPONIVEL',
            'Não foi possível verificar o arquivo contra vírus agora. Tente novamente em alguns minutos.',
          );
        }
        if (!resultado.limpo) {
          throw new AppError(
            422,
            'ARQUIVO_INFECTADO',
            `O arquivo foi recusado: o antivírus encontrou ${resultado.virus}. Envie outro arquivo (por exemplo, uma foto do documento).`,
          );
        }
      }
      const conteudo = await preparar(recebido);
      const em = this.agora();
      const nome = nomeDoArquivo(a.nome, a.documento, conteudo.tipoMime);
      return await this.d.db.transaction(async (tx) => {
        const repo = this.repo.com(tx);
        // Per member and contract; a content the member already stored costs nothing more.
        if (!(await repo.conteudoDoMembro(membro, conteudo.sha256))) {
          const uso = await repo.usoDoMembro(membro);
          if (uso + conteudo.tamanho > this.d.cotaBytes) {
            const mb = Math.floor(this.d.cotaBytes / 1024 ** 2);
            throw new AppError(
              422,
              'COTA_EXCEDIDA',
              `Você atingiu o limite de ${mb} MB de anexos de reembolso. Fale com a Central de Atendimento.`,
            );
          }
        }
        await repo.guardarConteudo(conteudo, em);
        const novo = await repo.inserirAnexo({
          id: `anx_${randomBytes(16).toString('hex')}`,
          membro,
          sha256: conteudo.sha256,
          sha256Enviado: recebido.sha256,
          documento: a.documento,
          nomeArquivo: nome,
          tipoMime: conteudo.tipoMime,
          tamanho: conteudo.tamanho,
          chave: a.chave ?? null,
          em,
        });
        if (novo) return anexoPublico(novo);
        // The same key was stored at the same time by another try: the same answer.
        const anterior = await repo.anexoPorChave(membro, a.chave!);
        if (!anterior) throw new Error('attachment key conflict without a row');
        return repetir(anterior);
      });
    } finally {
      await recebido.descartar();
    }
  }

  /** One of the member's attachments, as stored (images re-encoded), streamed part by part. */
  async baixarAnexo(membro: Membro, id: string): Promise<{ anexo: AnexoReembolso; stream: Readable }> {
    const anexo = await this.repo.anexoDoMembro(membro, id);
    if (!anexo) throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado.');
    return { anexo: anexoPublico(anexo), stream: Readable.from(this.repo.bytesDoAnexo(id)) };
  }

  // --- Estimate ----------------------------------------------------------------------------------

  async previa(
    membro: Membro,
    p: { tipo: TipoReembolso; codigoTuss?: string; valorPago: number },
  ): Promise<PreviaReembolsoResponse> {
    const linha = await this.repo.linhaDaTabela(p.tipo, p.codigoTuss);
    if (!linha) {
      throw new AppError(
        404,
        'NAO_ENCONTRADO',
        'Não há valor de referência para este atendimento na tabela de reembolso. Você ainda pode enviar o pedido; a operadora calcula o valor na análise.',
      );
    }
    const c = calcularPrevia(linha, await this.repo.plano(membro), centavos(p.valorPago));
    return {
      estimativa: true,
      ...estimativaEmPalavras(c),
      mensagem:
        `Estimativa de ${formatBRL(reais(c.estimadoCentavos))}: é uma prévia pela tabela de reembolso do seu plano, ` +
        'não uma garantia. O valor final é definido na análise dos documentos.',
    };
  }

  // --- New request -------------------------------------------------------------------------------

  async solicitar(membro: Membro, p: PedidoReembolso, envio: Envio): Promise<SolicitarReembolsoResponse> {
    // A cancelled plan says so first (its beneficiaries are no longer active, which would read as not found).
    await exigirVinculoAtivo(this.d.db, membro);
    const b = await this.repo.beneficiarioPorCpf(membro, p.cpfBeneficiario);
    if (!b) throw beneficiarioNaoEncontrado();
    const hoje = diaEmSaoPaulo(this.d.clock.now());
    if (p.dataAtendimento > hoje) throw regra('A data do atendimento não pode estar no futuro.');
    if (p.dataAtendimento < somarDias(hoje, -LIMITES_REEMBOLSO.diasMaximosAtendimento)) {
      throw regra(
        `O reembolso pode ser pedido até ${LIMITES_REEMBOLSO.diasMaximosAtendimento} dias após o atendimento. ` +
          'Para atendimentos mais antigos, fale com a Central de Atendimento.',
      );
    }
    const pagamento = validarPagamento(p.pagamento, b);
    const conselho = p.prestador.conselho
      ? `${p.prestador.conselho} ${p.prestador.numeroConselho}/${p.prestador.ufConselho}`
      : null;
    const valorPago = centavos(p.valorPago);
    const linha = await this.repo.linhaDaTabela(p.tipo, p.codigoTuss);
    const previa = linha ? calcularPrevia(linha, await this.repo.plano(membro), valorPago) : null;

    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.repo.com(ctx.tx);
        const anexos = await this.anexosUsaveis(repo, membro, p.anexos);
        const documentos = new Set(anexos.map((a) => a.documento));
        if (!documentos.has('comprovante_pagamento')) {
          throw regra('Anexe o comprovante de pagamento (recibo ou nota fiscal com a quitação).');
        }
        if (TIPOS_COM_PEDIDO_MEDICO.includes(p.tipo) && !documentos.has('pedido_medico')) {
          throw regra(`Para ${ROTULOS_TIPO_REEMBOLSO[p.tipo].toLowerCase()}, anexe também o pedido médico.`);
        }
        // The same receipt sent before by the contract: told, and sent only when the member confirms.
        const repetidos = await repo.mesmoReciboDoMembro(membro, {
          prestadorDocumento: p.prestador.documento,
          numeroRecibo: p.numeroRecibo,
          dataAtendimento: p.dataAtendimento,
        });
        if (repetidos.length > 0 && !p.confirmarReciboRepetido) {
          throw new AppError(409, 'RECIBO_REPETIDO', mensagemDoReciboRepetido(repetidos));
        }
        const protocolo = await ctx.abrirProtocolo({
          tipo: 'REEMBOLSO',
          assunto: `Reembolso de ${ROTULOS_TIPO_REEMBOLSO[p.tipo].toLowerCase()} de ${b.nome} (${formatBRL(reais(valorPago))})`,
          situacao: 'ABERTO',
          codigoBeneficiario: b.codigoBeneficiario,
        });
        // Every document the law asks for arrived with the request: the 30 days start now.
        const prazoPagamento = protocolo.prazoResposta;
        await repo.inserir({
          protocolo: protocolo.numero,
          membro,
          codigoBeneficiario: b.codigoBeneficiario,
          tipo: p.tipo,
          codigoTuss: p.codigoTuss ?? null,
          dataAtendimento: p.dataAtendimento,
          prestadorDocumento: p.prestador.documento,
          prestadorNome: p.prestador.nome,
          conselho,
          valorPagoCentavos: valorPago,
          numeroRecibo: p.numeroRecibo,
          pagamento,
          previa,
          prazoPagamento,
          reciboRepetidoConfirmado: repetidos.length > 0,
          em: ctx.agora,
        });
        await repo.vincularAnexos(p.anexos, protocolo.numero);
        await repo.registrarEvento(
          protocolo.numero,
          ctx.agora,
          'recebido',
          'Pedido de reembolso recebido pelo portal.',
          'membro',
        );
        await ctx.avisarMembro(
          `pedido de reembolso, protocolo ${protocolo.numero}`,
          `recebemos o pedido de reembolso de ${b.nome} (${formatBRL(reais(valorPago))}). ` +
            `O prazo para pagamento é ${formatDate(prazoPagamento)}. Protocolo ${protocolo.numero}.`,
        );
        return {
          sucesso: true as const,
          mensagem: `Pedido de reembolso enviado. Protocolo ${protocolo.numero}.`,
          protocolo: protocolo.numero,
          prazoResposta: protocolo.prazoResposta,
          prazoPagamento,
        };
      },
    });
  }

  /**
   * Whether the member's contract already sent this receipt (issue 31, decision 0056): asked by the
   * form before sending. Only the requests the member may see count; another member's never show.
   */
  async verificarRecibo(membro: Membro, recibo: ChaveDoRecibo): Promise<VerificarReciboResponse> {
    const pedidos = await this.repo.mesmoReciboDoMembro(membro, recibo);
    return {
      repetido: pedidos.length > 0,
      mensagem: pedidos.length > 0 ? mensagemDoReciboRepetido(pedidos) : null,
      pedidos: pedidos.map((x) => ({ protocolo: x.protocolo, criadoEm: iso(x.criadoEm) })),
    };
  }

  /**
   * What 'Dados para pagamento' starts with (issue 31): the member's last request's payment data
   * (their own, this contract's) and, for the holder, their own CPF as a PIX key. The browser keeps
   * none of it (shared phones).
   */
  async ultimoPagamento(membro: Membro): Promise<UltimoPagamentoResponse> {
    const ultimo = await this.repo.ultimoPagamentoDoMembro(membro);
    const pagamento = ultimo ? dadosPagamentoSchema.safeParse(ultimo.pagamento) : null;
    return {
      pagamento: pagamento?.success ? pagamento.data : null,
      usadoEm: pagamento?.success && ultimo ? diaEmSaoPaulo(new Date(ultimo.criadoEm).getTime()) : null,
      cpfTitular: membro.titular ? membro.cpf : null,
    };
  }

  /** Which of these requests are possible duplicates (the console's list). */
  comReciboRepetido(protocolos: string[]): Promise<Set<string>> {
    return this.repo.comReciboRepetido(protocolos);
  }

  /** For the staff: the other requests with this request's receipt, of any member (decision 0056). */
  async reciboRepetido(r: { protocolo: string; reciboRepetidoConfirmado: boolean }) {
    const outros = await this.repo.outrosPedidosDoRecibo(r.protocolo);
    return {
      confirmadoPeloBeneficiario: r.reciboRepetidoConfirmado,
      outros: outros.map((o) => ({ ...o, criadoEm: iso(o.criadoEm) })),
    };
  }

  /** The member's own attachments, not yet in a request; another member's read as not found. */
  private async anexosUsaveis(repo: ReembolsoRepository, membro: Membro, ids: string[]): Promise<AnexoRow[]> {
    const anexos = await repo.anexosParaUsar(membro, ids);
    if (anexos.length !== ids.length) {
      throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado. Envie o arquivo de novo.');
    }
    const usado = anexos.find((a) => a.protocolo);
    if (usado) {
      throw new AppError(
        409,
        'JA_REGISTRADO',
        `O arquivo ${usado.nomeArquivo} já faz parte do reembolso ${usado.protocolo}. Envie o arquivo de novo para outro pedido.`,
      );
    }
    return anexos;
  }

  // --- List, detail, demonstrativo ---------------------------------------------------------------

  async listar(membro: Membro): Promise<ListarReembolsosResponse> {
    return { reembolsos: (await this.repo.doMembro(membro)).map(resumo) };
  }

  async detalhe(membro: Membro, protocolo: string): Promise<ReembolsoDetalhe> {
    const r = await this.repo.doMembroPorProtocolo(membro, protocolo);
    if (!r) throw naoEncontrado();
    return this.detalhar(this.repo, r);
  }

  private async detalhar(repo: ReembolsoRepository, r: ReembolsoRow): Promise<ReembolsoDetalhe> {
    const [anexos, eventos] = await Promise.all([repo.anexosDoReembolso(r.protocolo), repo.eventos(r.protocolo)]);
    return {
      ...resumo(r),
      codigoTuss: r.codigoTuss,
      prestadorDocumento: r.prestadorDocumento,
      conselho: r.conselho,
      numeroRecibo: r.numeroRecibo,
      valorPrevia: r.valorPreviaCentavos === null ? null : reais(r.valorPreviaCentavos),
      estimativa: estimativaDoPedido(r),
      previsaoPagamento: r.previsaoPagamento,
      pagoEm: r.pagoEm,
      pergunta: r.situacao === 'pendente' ? r.pergunta : null,
      motivoNegativa: r.motivoNegativa,
      pagamento: pagamentoMascarado(r.pagamento),
      documentacaoCompletaEm: r.documentacaoCompletaEm && iso(r.documentacaoCompletaEm),
      anexos: anexos.map(anexoPublico),
      historico: eventos.map((e) => ({ em: iso(e.em), situacao: e.situacao, descricao: e.descricao })),
    };
  }

  async demonstrativo(membro: Membro, protocolo: string): Promise<Arquivo> {
    const r = await this.repo.doMembroPorProtocolo(membro, protocolo);
    if (!r) throw naoEncontrado();
    const detalhe = await this.detalhar(this.repo, r);
    const pdf = await gerarDemonstrativo({
      operadora: this.d.operadora,
      emitidoEm: this.agora(),
      reembolso: r,
      detalhe,
    });
    return { pdf, nome: `demonstrativo-reembolso-${r.protocolo}.pdf` };
  }

  // --- The member answers a 'pendente' ------------------------------------------------------------

  async responderPendencia(
    membro: Membro,
    p: { protocolo: string; anexos: string[]; mensagem?: string },
    envio: Envio,
  ): Promise<{ sucesso: true; mensagem: string; prazoPagamento: string }> {
    return this.d.solicitacoes.registrar({
      membro,
      ...envio,
      executar: async (ctx) => {
        const repo = this.repo.com(ctx.tx);
        const r = await repo.doMembroPorProtocolo(membro, p.protocolo, { bloquear: true });
        if (!r) throw naoEncontrado();
        if (r.situacao !== 'pendente') {
          throw new AppError(409, 'JA_REGISTRADO', 'Este reembolso não está aguardando documentos.');
        }
        await this.anexosUsaveis(repo, membro, p.anexos);
        await repo.vincularAnexos(p.anexos, r.protocolo);
        // Lei 9.656 art. 12 VI: the 30 days count again from the day the documentation is complete.
        const prazoPagamento = somarDias(ctx.hoje, LIMITES_REEMBOLSO.diasParaPagamento);
        await repo.atualizar(r.protocolo, ctx.agora, {
          situacao: 'em_analise',
          pergunta: null,
          documentacaoCompletaEm: ctx.agora,
          prazoPagamento,
        });
        const texto = p.mensagem
          ? `Documentos enviados pelo beneficiário: ${p.mensagem}`
          : 'Documentos enviados pelo beneficiário.';
        await repo.registrarEvento(r.protocolo, ctx.agora, 'em_analise', texto, 'membro');
        await this.mudouProtocolo(ctx.tx, r, 'em_analise', ctx.agora, prazoPagamento, texto);
        await this.evento(ctx.tx, r, 'em_analise', prazoPagamento);
        await ctx.avisarMembro(
          `documentos do reembolso ${r.protocolo} recebidos`,
          `recebemos os documentos do reembolso ${r.protocolo}. O novo prazo para pagamento é ${formatDate(prazoPagamento)}.`,
        );
        return {
          sucesso: true as const,
          mensagem: `Documentos enviados. O novo prazo para pagamento é ${formatDate(prazoPagamento)}.`,
          prazoPagamento,
        };
      },
    });
  }

  // --- Operator side -----------------------------------------------------------------------------

  /** Open requests by legal deadline, the nearest first ('pendente', with the clock stopped, last). */
  async filaOperador(
    limite = 50,
    situacoes: readonly SituacaoReembolso[] = ['recebido', 'em_analise', 'pendente', 'aprovado'],
    /** An account id: only its requests ('Minha fila'); null: only those nobody took (decision 0055). */
    responsavel?: string | null,
  ): Promise<ReembolsoOperador[]> {
    const rows = await this.repo.fila(Math.min(Math.max(limite, 1), 200), situacoes, responsavel);
    return Promise.all(rows.map((r) => this.detalharOperador(r)));
  }

  /** Who of the staff each request is with: its protocol's owner (decision 0055). */
  responsaveis(protocolos: string[]) {
    return this.repo.responsaveis(protocolos);
  }

  /** One request as the operator sees it: with contract, beneficiary code and the unmasked bank data. */
  async detalheOperador(protocolo: string): Promise<ReembolsoOperador> {
    const r = await this.repo.porProtocolo(protocolo);
    if (!r) throw naoEncontrado();
    return this.detalharOperador(r);
  }

  private async detalharOperador(r: ReembolsoRow): Promise<ReembolsoOperador> {
    return {
      ...(await this.detalhar(this.repo, r)),
      codigoContrato: r.codigoContrato,
      codigoBeneficiario: r.codigoBeneficiario,
      cpfBeneficiario: r.cpfBeneficiario,
      dadosPagamento: r.pagamento,
      aprovacaoPendente: aprovacaoPendente(r),
      reciboRepetidoConfirmado: r.reciboRepetidoConfirmado,
      versao: r.versao,
    };
  }

  /** An attachment of a request, its bytes streamed part by part (the console's viewer, the integration). */
  async anexoOperador(protocolo: string, id: string): Promise<{ anexo: AnexoReembolso; stream: Readable }> {
    const anexo = (await this.repo.anexosDoReembolso(protocolo)).find((a) => a.id === id);
    if (!anexo) throw new AppError(404, 'NAO_ENCONTRADO', 'Anexo não encontrado.');
    return { anexo: anexoPublico(anexo), stream: Readable.from(this.repo.bytesDoAnexo(id)) };
  }

  iniciarAnalise(protocolo: string, por: string, versao?: number) {
    return this.mudar(
      protocolo,
      por,
      ['recebido'],
      'em_analise',
      () => ({
        campos: {},
        descricao: 'Pedido em análise pela operadora.',
        aviso: (r) => `o reembolso ${r.protocolo} está em análise.`,
      }),
      versao,
    );
  }

  /** 'pendente' with the operator's question: the legal clock stops until the member answers. */
  pedirDocumentos(protocolo: string, pergunta: string, por: string, versao?: number) {
    const texto = pergunta.trim();
    if (!texto) throw regra('Escreva o que falta para o beneficiário.');
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'pendente',
      () => ({
        campos: { pergunta: texto.slice(0, 1000), documentacaoCompletaEm: null, prazoPagamento: null, ...SEM_PROPOSTA },
        descricao: `Documentos pendentes: ${texto}`,
        aviso: (r) =>
          `o reembolso ${r.protocolo} precisa de documentos: ${texto}. Envie pelo portal, em Reembolso; ` +
          'o prazo de 30 dias recomeça quando a documentação estiver completa.',
      }),
      versao,
    );
  }

  /**
   * Approves; from the console (`quatroOlhos`), an amount above the threshold is only proposed: it
   * awaits a supervisor's confirmation and nothing reaches the member or the webhooks until then.
   */
  async aprovar(
    protocolo: string,
    a: { valor: number; previsaoPagamento: string },
    por: string,
    quatroOlhos?: QuatroOlhos,
    versao?: number,
  ): Promise<ReembolsoOperador> {
    const valor = centavos(a.valor);
    if (quatroOlhos && valor > quatroOlhos.acimaCentavos) {
      await this.d.db.transaction(async (tx) => {
        const repo = this.repo.com(tx);
        const r = await repo.porProtocolo(protocolo, { bloquear: true });
        if (!r) throw naoEncontrado();
        await conferirVersao(repo, protocolo, versao);
        exigirSituacao(r, ['recebido', 'em_analise'], 'aprovado');
        if (aguardaConfirmacao(r)) throw JA_AGUARDA();
        validarAprovacao(r, a, diaEmSaoPaulo(this.agora().getTime()));
        await repo.atualizar(r.protocolo, this.agora(), {
          aprovacaoPropostaCentavos: valor,
          aprovacaoPropostaPrevisao: a.previsaoPagamento,
          aprovacaoPropostaPor: quatroOlhos.conta,
          aprovacaoPropostaEm: this.agora(),
          aprovacaoConfirmadaPor: null,
          aprovacaoConfirmadaEm: null,
        });
      });
      return this.detalheOperador(protocolo);
    }
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'aprovado',
      (r, hoje) => {
        if (aguardaConfirmacao(r)) throw JA_AGUARDA();
        validarAprovacao(r, a, hoje);
        return {
          campos: { valorAprovadoCentavos: valor, previsaoPagamento: a.previsaoPagamento, ...SEM_PROPOSTA },
          ...aprovado(r, valor, a.previsaoPagamento),
        };
      },
      versao,
    );
  }

  /**
   * The second person confirms an approval awaiting confirmation: it becomes 'aprovado' as any
   * other (history, event, notice). Never its author (the database refuses it too).
   */
  confirmarAprovacao(
    protocolo: string,
    conta: string,
    p: { previsaoPagamento?: string },
    por: string,
    versao?: number,
  ) {
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise'],
      'aprovado',
      (r, hoje) => {
        if (!aguardaConfirmacao(r)) {
          throw new AppError(409, 'JA_REGISTRADO', 'Este reembolso não tem aprovação aguardando confirmação.');
        }
        if (r.aprovacaoPropostaPor === conta) {
          throw regra('Quem aprovou não pode confirmar a própria aprovação: a confirmação é de outro supervisor.');
        }
        const valor = r.aprovacaoPropostaCentavos ?? 0;
        const previsao = p.previsaoPagamento ?? r.aprovacaoPropostaPrevisao ?? '';
        if (previsao < hoje) {
          throw regra(`A data prevista de pagamento (${formatDate(previsao)}) já passou: informe uma nova data.`);
        }
        return {
          campos: {
            valorAprovadoCentavos: valor,
            previsaoPagamento: previsao,
            aprovacaoConfirmadaPor: conta,
            aprovacaoConfirmadaEm: this.agora(),
          },
          ...aprovado(r, valor, previsao),
        };
      },
      versao,
    );
  }

  negar(protocolo: string, motivo: string, por: string, versao?: number) {
    const texto = motivo.trim();
    if (!texto) throw regra('Informe o motivo da negativa.');
    return this.mudar(
      protocolo,
      por,
      ['recebido', 'em_analise', 'pendente'],
      'negado',
      () => ({
        campos: { motivoNegativa: texto.slice(0, 1000), pergunta: null, ...SEM_PROPOSTA },
        descricao: `Reembolso negado: ${texto}`,
        aviso: (r) => `o reembolso ${r.protocolo} foi negado. Motivo: ${texto}`,
      }),
      versao,
    );
  }

  marcarPago(protocolo: string, p: { pagoEm?: string }, por: string, versao?: number) {
    return this.mudar(
      protocolo,
      por,
      ['aprovado'],
      'pago',
      (r, hoje) => {
        const pagoEm = p.pagoEm ?? hoje;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(pagoEm) || pagoEm > hoje) throw regra('Data de pagamento inválida.');
        const valor = formatBRL(reais(r.valorAprovadoCentavos ?? 0));
        return {
          campos: { pagoEm },
          descricao: `Reembolso pago: ${valor} em ${formatDate(pagoEm)}.`,
          aviso: () => `o reembolso ${r.protocolo} foi pago: ${valor} em ${formatDate(pagoEm)}.`,
        };
      },
      versao,
    );
  }

  /** One operator change: checked against the current status, written with its history, event and notice. */
  private async mudar(
    protocolo: string,
    por: string,
    de: readonly SituacaoReembolso[],
    para: SituacaoReembolso,
    montar: (
      r: ReembolsoRow,
      hoje: string,
    ) => {
      campos: Parameters<ReembolsoRepository['atualizar']>[2];
      descricao: string;
      aviso: (r: ReembolsoRow) => string;
    },
    versao?: number,
  ): Promise<ReembolsoOperador> {
    const agora = this.agora();
    const hoje = diaEmSaoPaulo(agora.getTime());
    const entregas: EntregaPendente[] = [];
    const mudado = await this.d.db.transaction(async (tx) => {
      const repo = this.repo.com(tx);
      const r = await repo.porProtocolo(protocolo, { bloquear: true });
      if (!r) throw naoEncontrado();
      await conferirVersao(repo, protocolo, versao);
      // The status alone would refuse it too ('em análise'), but without saying why.
      if (para === 'pago' && aguardaConfirmacao(r)) {
        throw new AppError(
          409,
          'JA_REGISTRADO',
          'A aprovação deste reembolso aguarda a confirmação de um supervisor: o pagamento só pode ser marcado depois dela.',
        );
      }
      exigirSituacao(r, de, para);
      const m = montar(r, hoje);
      await repo.atualizar(r.protocolo, agora, { ...m.campos, situacao: para });
      await repo.registrarEvento(r.protocolo, agora, para, m.descricao, por);
      const prazo = 'prazoPagamento' in m.campos ? (m.campos.prazoPagamento ?? null) : r.prazoPagamento;
      await this.mudouProtocolo(tx, r, para, agora, prazo, m.descricao);
      await this.evento(tx, r, para, prazo);
      const entrega = await this.avisar(
        tx,
        r.cpf,
        `reembolso ${r.protocolo}: ${ROTULOS_SITUACAO_REEMBOLSO[para].toLowerCase()}`,
        m.aviso(r),
      );
      if (entrega) entregas.push(entrega);
      return r.protocolo;
    });
    this.d.notifier.entregar(entregas);
    this.d.webhooks.depoisDoCommit();
    return this.detalheOperador(mudado);
  }

  /** The protocol follows: its status, its history line, and protocolo.atualizado when the status changes. */
  private async mudouProtocolo(
    tx: Queryable,
    r: ReembolsoRow,
    para: SituacaoReembolso,
    em: Date,
    prazo: string | null,
    descricao: string,
  ): Promise<void> {
    const situacao = SITUACAO_PROTOCOLO[para];
    const antes = await this.repo.com(tx).mudarProtocolo(r.protocolo, { situacao, prazo, em, descricao });
    if (antes?.situacao !== situacao) {
      await this.d.webhooks.protocoloAtualizado(tx, {
        protocolo: r.protocolo,
        tipo: 'REEMBOLSO',
        situacao,
        prazoResposta: prazo ?? antes?.prazo ?? '',
        codigoContrato: r.codigoContrato,
        codigoBeneficiario: r.codigoBeneficiario,
      });
    }
  }

  /** reembolso.atualizado: identifiers, status and amounts; no name, CPF or bank data. */
  private async evento(tx: Queryable, r: ReembolsoRow, para: SituacaoReembolso, prazo: string | null) {
    const atual = await this.repo.com(tx).valoresDoEvento(r.protocolo);
    await this.d.webhooks.registrarEvento(tx, 'reembolso.atualizado', {
      protocolo: r.protocolo,
      situacao: para,
      prazoPagamento: prazo,
      codigoContrato: r.codigoContrato,
      codigoBeneficiario: r.codigoBeneficiario,
      valorAprovado: atual?.aprovado == null ? null : reais(atual.aprovado),
      previsaoPagamento: atual?.previsao ?? null,
      pagoEm: atual?.pago ?? null,
    });
  }

  private async avisar(tx: Queryable, cpf: string, assunto: string, texto: string): Promise<EntregaPendente | null> {
    const destino = await destinoDoMembro(tx, cpf);
    if (!destino) return null;
    return this.d.notifier.registrar(tx, { ...destino, ...avisoAoMembro(this.d.operadora.nome, assunto, texto) });
  }
}

/** What the member reads when their contract already sent the receipt (the form and the 409 alike). */
function mensagemDoReciboRepetido(pedidos: { protocolo: string; criadoEm: string }[]): string {
  const um = (x: { protocolo: string; criadoEm: string }) =>
    `${formatarNumeroProtocolo(x.protocolo)} (${formatDate(diaEmSaoPaulo(Date.parse(iso(x.criadoEm))))})`;
  const lista = pedidos.map(um);
  const onde =
    lista.length === 1
      ? `no pedido de reembolso ${lista[0]}`
      : `nos pedidos de reembolso ${lista.slice(0, -1).join(', ')} e ${lista.at(-1)}`;
  return `Este recibo já foi enviado ${onde}. Envie de novo só se for outro atendimento.`;
}

/** An approval of the console proposed and not yet confirmed (decision 0053). */
const aguardaConfirmacao = (r: ReembolsoRow) =>
  r.aprovacaoPropostaPor !== null &&
  r.aprovacaoConfirmadaPor === null &&
  (r.situacao === 'recebido' || r.situacao === 'em_analise');

function aprovacaoPendente(r: ReembolsoRow): AprovacaoPendente | null {
  const { aprovacaoPropostaCentavos: c, aprovacaoPropostaPrevisao: previsao, aprovacaoPropostaPor: por } = r;
  if (!aguardaConfirmacao(r) || c === null || previsao === null || por === null || r.aprovacaoPropostaEm === null)
    return null;
  return {
    valor: reais(c),
    previsaoPagamento: previsao,
    por: { id: por, nome: r.aprovacaoPropostaPorNome ?? '' },
    em: iso(r.aprovacaoPropostaEm),
  };
}

const JA_AGUARDA = () =>
  new AppError(409, 'JA_REGISTRADO', 'Este reembolso já tem uma aprovação aguardando a confirmação de um supervisor.');

/** Asking for documents, denying or approving directly drops a proposal awaiting confirmation. */
const SEM_PROPOSTA = {
  aprovacaoPropostaCentavos: null,
  aprovacaoPropostaPrevisao: null,
  aprovacaoPropostaPor: null,
  aprovacaoPropostaEm: null,
  aprovacaoConfirmadaPor: null,
  aprovacaoConfirmadaEm: null,
} as const;

/**
 * Optimistic concurrency (decision 0055): the version the console's screen read, checked under the
 * request's row lock against its protocol's version as it is now. Undefined (the integration API,
 * a console page loaded before the version existed): not checked.
 */
async function conferirVersao(repo: ReembolsoRepository, protocolo: string, esperada: number | undefined) {
  if (esperada === undefined) return;
  if ((await repo.versaoTravada(protocolo)) !== esperada)
    throw new AppError(409, 'VERSAO_DESATUALIZADA', MENSAGEM_REEMBOLSO_DESATUALIZADO);
}

function exigirSituacao(r: ReembolsoRow, de: readonly SituacaoReembolso[], para: SituacaoReembolso): void {
  if (de.includes(r.situacao)) return;
  throw new AppError(
    409,
    'JA_REGISTRADO',
    `O reembolso está ${ROTULOS_SITUACAO_REEMBOLSO[r.situacao].toLowerCase()} e não pode passar a ${ROTULOS_SITUACAO_REEMBOLSO[para].toLowerCase()}.`,
  );
}

function validarAprovacao(r: ReembolsoRow, a: { valor: number; previsaoPagamento: string }, hoje: string): void {
  const valor = centavos(a.valor);
  if (!Number.isFinite(a.valor) || valor <= 0) throw regra('Informe o valor aprovado.');
  if (valor > r.valorPagoCentavos) throw regra('O valor aprovado não pode passar do valor pago.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(a.previsaoPagamento) || a.previsaoPagamento < hoje) {
    throw regra('Informe a data prevista de pagamento (hoje ou depois).');
  }
}

/** The history line and the member's notice of an approval (direct or confirmed: the same words). */
function aprovado(r: ReembolsoRow, valor: number, previsao: string) {
  return {
    descricao: `Reembolso aprovado: ${formatBRL(reais(valor))}, pagamento previsto para ${formatDate(previsao)}.`,
    aviso: () =>
      `o reembolso ${r.protocolo} foi aprovado: ${formatBRL(reais(valor))}, com pagamento previsto para ${formatDate(previsao)}.`,
  };
}

function resumo(r: ReembolsoRow): ReembolsoResumo {
  return {
    protocolo: r.protocolo,
    tipo: r.tipo,
    beneficiario: r.beneficiario,
    dataAtendimento: r.dataAtendimento,
    prestador: r.prestador,
    valorPago: reais(r.valorPagoCentavos),
    situacao: r.situacao,
    prazoPagamento: r.prazoPagamento,
    valorAprovado: r.valorAprovadoCentavos === null ? null : reais(r.valorAprovadoCentavos),
    criadoEm: iso(r.criadoEm),
  };
}

function anexoPublico(a: AnexoRow): AnexoReembolso {
  return {
    id: a.id,
    documento: a.documento,
    nomeArquivo: a.nomeArquivo,
    tipoArquivo: a.tipoArquivo,
    tamanho: a.tamanho,
    criadoEm: iso(a.criadoEm),
  };
}

const EXTENSOES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The name as the member sent it (no path, no control characters), with the stored type's extension. */
function nomeDoArquivo(nome: string | undefined, documento: DocumentoReembolso, tipoMime: string): string {
  const ext = EXTENSOES[tipoMime] ?? 'bin';
  // Cleaned (controls, bidi overrides, reserved characters, NFC: pentest defect 5), the extension
  // the member gave replaced by the one of the content, at most 100 characters before it.
  const base = limparNomeArquivo(nome ?? '', Infinity).replace(/\.[^.]*$/, '');
  return `${limparNomeArquivo(base, 100) || documento}.${ext}`;
}

/**
 * The holder is paid: a CPF key must be the holder's own; the other keys are checked for their
 * shape (the bank checks the owner when it pays).
 */
function validarPagamento(p: DadosPagamento, b: { cpfTitular: string; nomeTitular: string }): Record<string, string> {
  if (p.forma === 'conta') {
    return { forma: 'conta', banco: p.banco, agencia: p.agencia, conta: p.conta, tipoConta: p.tipoConta };
  }
  let chave = p.chave.trim();
  switch (p.tipoChave) {
    case 'cpf':
      chave = onlyDigits(chave);
      if (!isValidCpf(chave)) throw regra('Chave PIX inválida: confira o CPF.');
      if (chave !== b.cpfTitular) {
        throw regra(
          `A chave PIX do tipo CPF deve ser o CPF do titular do contrato (${b.nomeTitular}, ${formatCpf(b.cpfTitular).replace(/^\d{3}\.(\d{3})\.(\d{3})-\d{2}$/, '***.$1.$2-**')}): o reembolso é pago ao titular.`,
        );
      }
      break;
    case 'email':
      chave = chave.toLowerCase();
      if (!isValidEmail(chave)) throw regra('Chave PIX inválida: confira o e-mail.');
      break;
    case 'celular':
      chave = onlyDigits(chave).replace(/^55(?=\d{11}$)/, '');
      if (!isValidMobile(chave)) throw regra('Chave PIX inválida: confira o celular com DDD.');
      break;
    case 'aleatoria':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(chave)) {
        throw regra('Chave PIX aleatória inválida.');
      }
      chave = chave.toLowerCase();
      break;
  }
  return { forma: 'pix', tipoChave: p.tipoChave, chave };
}
