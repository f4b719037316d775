import {
  type AnexoReembolso,
  type Operadora,
  pagamentoMascarado,
  type ReembolsoDetalhe,
  type ReembolsoResumo,
  type SituacaoReembolso,
} from '@portal/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../lib/app-error';
import type { Notifier } from '../../core/notificacoes/service';
import type { SolicitacoesService } from '../../core/solicitacoes/solicitacoes';
import type { WebhooksService } from '../../core/webhooks/service';
import type { ClienteClamav } from './clamav';
import { estimativaDoPedido } from './estimativa';
import { type AnexoRow, ReembolsoRepository, type ReembolsoRow } from './repository';

/** What the sides of Reembolso share: the service's dependencies, conversions, errors and the base they extend. */

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

export const centavos = (reais: number) => Math.round(reais * 100);
export const reais = (c: number) => Math.round(c) / 100;
export const iso = (v: string | Date) => new Date(v).toISOString();

export const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Reembolso não encontrado.');
export const regra = (mensagem: string) => new AppError(422, 'DADOS_INVALIDOS', mensagem);

/** The protocol's status for each reimbursement status ('Meus Protocolos' shows it). */
const SITUACAO_PROTOCOLO: Record<SituacaoReembolso, 'ABERTO' | 'EM_ANALISE' | 'CONCLUIDO'> = {
  recebido: 'ABERTO',
  em_analise: 'EM_ANALISE',
  pendente: 'EM_ANALISE',
  aprovado: 'EM_ANALISE',
  pago: 'CONCLUIDO',
  negado: 'CONCLUIDO',
};

export function resumo(r: ReembolsoRow): ReembolsoResumo {
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

export function anexoPublico(a: AnexoRow): AnexoReembolso {
  return {
    id: a.id,
    documento: a.documento,
    nomeArquivo: a.nomeArquivo,
    tipoArquivo: a.tipoArquivo,
    tamanho: a.tamanho,
    criadoEm: iso(a.criadoEm),
  };
}

/**
 * What each side of Reembolso stands on (service.ts joins the sides into ReembolsoService): the
 * dependencies, the repository, the clock, the detail of a request, and the protocol and
 * `reembolso.atualizado` event that follow every change of status, the member's or the operator's.
 */
export abstract class ReembolsoBase {
  protected readonly repo: ReembolsoRepository;

  constructor(protected readonly d: ReembolsoDeps) {
    this.repo = new ReembolsoRepository(d.db);
  }

  protected agora(): Date {
    return new Date(this.d.clock.now());
  }

  protected async detalhar(repo: ReembolsoRepository, r: ReembolsoRow): Promise<ReembolsoDetalhe> {
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
      documentosPedidos: r.situacao === 'pendente' ? r.documentosPedidos : [],
      motivoNegativa: r.motivoNegativa,
      pagamento: pagamentoMascarado(r.pagamento),
      documentacaoCompletaEm: r.documentacaoCompletaEm && iso(r.documentacaoCompletaEm),
      anexos: anexos.map(anexoPublico),
      historico: eventos.map((e) => ({ em: iso(e.em), situacao: e.situacao, descricao: e.descricao })),
    };
  }

  /**
   * The protocol follows: its status and the request's step (issue 31: the protocol reads as the
   * request does), its history line, and protocolo.atualizado when either changes — carrying both.
   */
  protected async mudouProtocolo(
    tx: Queryable,
    r: ReembolsoRow,
    para: SituacaoReembolso,
    em: Date,
    prazo: string | null,
    descricao: string,
  ): Promise<void> {
    const situacao = SITUACAO_PROTOCOLO[para];
    const antes = await this.repo
      .com(tx)
      .mudarProtocolo(r.protocolo, { situacao, situacaoReembolso: para, prazo, em, descricao });
    if (antes?.situacao !== situacao || antes.situacaoReembolso !== para) {
      await this.d.webhooks.protocoloAtualizado(tx, {
        protocolo: r.protocolo,
        tipo: 'REEMBOLSO',
        situacao,
        situacaoReembolso: para,
        prazoResposta: prazo ?? antes?.prazo ?? '',
        codigoContrato: r.codigoContrato,
        codigoBeneficiario: r.codigoBeneficiario,
      });
    }
  }

  /** reembolso.atualizado: identifiers, status and amounts; no name, CPF or bank data. */
  protected async evento(tx: Queryable, r: ReembolsoRow, para: SituacaoReembolso, prazo: string | null) {
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
}
