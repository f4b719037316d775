import { diaEmSaoPaulo } from '@portal/br';
import type { DetalheProtocolo, ListarProtocolosResponse, Operadora, ProtocoloResumo } from '@portal/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { Arquivo } from '../../lib/pdf/arquivo';
import type { Membro } from '../../core/sessao/membro';
import { estimativaDoPedido } from '../reembolso';
import { gerarRespostaPdf } from './pdf';
import { descricaoDoPrazo, estaAtrasado } from '../../lib/prazos';
import type { MeusProtocolosRepository, ProtocoloLido } from './repository';

const naoEncontrado = () => new AppError(404, 'NAO_ENCONTRADO', 'Protocolo não encontrado.');

const iso = (d: Date | string) => new Date(d).toISOString();

/** An answer to download: the operator answered, or the request was concluded. */
function temResposta(p: ProtocoloLido): boolean {
  return p.situacao === 'CONCLUIDO' || p.respondidoEm !== null;
}

/**
 * 'Meus Protocolos' (RN 623/2024, decision 0017): the member's protocols with their deadline and
 * whether the operator is late, one protocol with its history, and its answer as a PDF. What the
 * member may see is decided in SQL (`protocoloVisivel`): any other number reads as not found.
 */
export class ProtocolosService {
  constructor(
    private readonly repo: MeusProtocolosRepository,
    private readonly operadora: Operadora,
    private readonly clock: Clock,
  ) {}

  private resumo(p: ProtocoloLido, hoje: string): ProtocoloResumo {
    return {
      protocolo: p.numero,
      tipo: p.tipo,
      assunto: p.assunto,
      situacao: p.situacao,
      situacaoReembolso: p.situacaoReembolso,
      criadoEm: iso(p.criadoEm),
      prazoResposta: p.prazoResposta,
      prazoDescricao: descricaoDoPrazo(p.tipo),
      atrasado: estaAtrasado(p.situacao, p.prazoResposta, hoje),
      respondidoEm: p.respondidoEm ? iso(p.respondidoEm) : null,
      beneficiario: p.beneficiario,
      solicitante: p.solicitante,
      canal: p.canal,
      respostaDisponivel: temResposta(p),
    };
  }

  async listar(
    membro: Membro,
    pedido: { protocolo?: string | undefined; pagina: number; itensPagina: number },
  ): Promise<ListarProtocolosResponse> {
    const { itens, total } = await this.repo.listar(membro, {
      numero: pedido.protocolo,
      limite: pedido.itensPagina,
      deslocamento: (pedido.pagina - 1) * pedido.itensPagina,
    });
    const hoje = diaEmSaoPaulo(this.clock.now());
    return {
      protocolos: itens.map((p) => this.resumo(p, hoje)),
      pagina: pedido.pagina,
      itensPagina: pedido.itensPagina,
      total,
      totalPaginas: Math.ceil(total / pedido.itensPagina),
    };
  }

  async detalhe(membro: Membro, numero: string): Promise<DetalheProtocolo> {
    const p = await this.repo.buscar(membro, numero);
    if (!p) throw naoEncontrado();
    const [historico, reembolso] = await Promise.all([
      this.repo.historico(membro, numero),
      p.tipo === 'REEMBOLSO' ? this.repo.reembolso(membro, numero) : null,
    ]);
    return {
      ...this.resumo(p, diaEmSaoPaulo(this.clock.now())),
      resposta: p.resposta,
      anexoDisponivel: p.temAnexo,
      historico: historico.map((e) => ({
        em: iso(e.em),
        situacao: e.situacao,
        situacaoReembolso: e.situacaoReembolso,
        descricao: e.descricao,
      })),
      // The request's own status and the estimate as Reembolso shows them (issue 31: one vocabulary).
      reembolso: reembolso && {
        situacao: reembolso.situacao,
        estimativa: estimativaDoPedido(reembolso),
        documentosPedidos: reembolso.situacao === 'pendente' ? reembolso.documentosPedidos : [],
      },
    };
  }

  /**
   * The PDF the operator attached to its answer (decision 0032), as it sent it; 404 for a protocol
   * the member may not see and for one without an attachment (the same read, scoped in SQL).
   */
  async baixarAnexo(membro: Membro, numero: string): Promise<Arquivo> {
    const pdf = await this.repo.anexo(membro, numero);
    if (!pdf) {
      if (!(await this.repo.buscar(membro, numero))) throw naoEncontrado();
      throw new AppError(404, 'DOCUMENTO_INDISPONIVEL', 'Este protocolo não tem anexo da operadora.');
    }
    return { pdf, nome: `protocolo-${numero}-anexo-da-operadora.pdf` };
  }

  /** The protocol and its answer as a PDF; 409 while the operator has not answered. */
  async baixarResposta(membro: Membro, numero: string): Promise<Arquivo> {
    const p = await this.repo.buscar(membro, numero);
    if (!p) throw naoEncontrado();
    if (!temResposta(p)) {
      throw new AppError(
        409,
        'DOCUMENTO_INDISPONIVEL',
        'Este protocolo ainda não tem resposta. O documento fica disponível quando a solicitação for concluída.',
      );
    }
    const historico = await this.repo.historico(membro, numero);
    const pdf = await gerarRespostaPdf({
      operadora: this.operadora,
      emitidoEm: new Date(this.clock.now()),
      protocolo: { ...p, criadoEm: new Date(p.criadoEm), respondidoEm: p.respondidoEm && new Date(p.respondidoEm) },
      prazoDescricao: descricaoDoPrazo(p.tipo),
      historico: historico.map((e) => ({ ...e, em: new Date(e.em) })),
      resposta: p.resposta ?? historico.at(-1)?.descricao ?? 'Solicitação concluída.',
    });
    return { pdf, nome: `protocolo-${p.numero}.pdf` };
  }
}
