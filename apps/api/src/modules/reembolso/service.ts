import { AnexosDoReembolso, type NovoAnexo } from './anexos';
import type { AprovacaoPendente, QuatroOlhos } from './aprovacao';
import type { ReembolsoDeps } from './comum';
import { type PedidoReembolso, ReembolsoDoMembro } from './membro';
import { ReembolsoDoOperador, type ReembolsoOperador } from './operador';

export type { AprovacaoPendente, NovoAnexo, PedidoReembolso, QuatroOlhos, ReembolsoDeps, ReembolsoOperador };

/**
 * Reembolso (issue 18, decision 0034). The member side: attachments, the estimate, the request
 * (an RN 623 protocol through SolicitacoesService), list, detail, the answer to a 'pendente' and
 * the demonstrativo. The operator side (the staff console and the integration API call these):
 * the queue by legal deadline, analysis, a question ('pendente'), approval, denial, payment —
 * each writes the history, the `reembolso.atualizado` event and the member's notice in one
 * transaction.
 *
 * This class is the one face the routes and services.ts use; each side lives in its own file and
 * the methods here hand each call to it unchanged.
 */
export class ReembolsoService {
  private readonly anexos: AnexosDoReembolso;
  private readonly membro: ReembolsoDoMembro;
  private readonly operador: ReembolsoDoOperador;

  constructor(d: ReembolsoDeps) {
    this.anexos = new AnexosDoReembolso(d);
    this.membro = new ReembolsoDoMembro(d);
    this.operador = new ReembolsoDoOperador(d);
  }

  // --- The member's side: attachments (anexos.ts) ------------------------------------------------

  enviarAnexo(...a: Parameters<AnexosDoReembolso['enviarAnexo']>) {
    return this.anexos.enviarAnexo(...a);
  }

  baixarAnexo(...a: Parameters<AnexosDoReembolso['baixarAnexo']>) {
    return this.anexos.baixarAnexo(...a);
  }

  // --- The member's side: the request, its reading and answer (membro.ts) ------------------------

  previa(...a: Parameters<ReembolsoDoMembro['previa']>) {
    return this.membro.previa(...a);
  }

  solicitar(...a: Parameters<ReembolsoDoMembro['solicitar']>) {
    return this.membro.solicitar(...a);
  }

  verificarRecibo(...a: Parameters<ReembolsoDoMembro['verificarRecibo']>) {
    return this.membro.verificarRecibo(...a);
  }

  ultimoPagamento(...a: Parameters<ReembolsoDoMembro['ultimoPagamento']>) {
    return this.membro.ultimoPagamento(...a);
  }

  listar(...a: Parameters<ReembolsoDoMembro['listar']>) {
    return this.membro.listar(...a);
  }

  detalhe(...a: Parameters<ReembolsoDoMembro['detalhe']>) {
    return this.membro.detalhe(...a);
  }

  demonstrativo(...a: Parameters<ReembolsoDoMembro['demonstrativo']>) {
    return this.membro.demonstrativo(...a);
  }

  responderPendencia(...a: Parameters<ReembolsoDoMembro['responderPendencia']>) {
    return this.membro.responderPendencia(...a);
  }

  // --- The operator's side: the queue, a request, the decisions (operador.ts) --------------------

  filaOperador(...a: Parameters<ReembolsoDoOperador['filaOperador']>) {
    return this.operador.filaOperador(...a);
  }

  responsaveis(...a: Parameters<ReembolsoDoOperador['responsaveis']>) {
    return this.operador.responsaveis(...a);
  }

  detalheOperador(...a: Parameters<ReembolsoDoOperador['detalheOperador']>) {
    return this.operador.detalheOperador(...a);
  }

  anexoOperador(...a: Parameters<ReembolsoDoOperador['anexoOperador']>) {
    return this.operador.anexoOperador(...a);
  }

  comReciboRepetido(...a: Parameters<ReembolsoDoOperador['comReciboRepetido']>) {
    return this.operador.comReciboRepetido(...a);
  }

  reciboRepetido(...a: Parameters<ReembolsoDoOperador['reciboRepetido']>) {
    return this.operador.reciboRepetido(...a);
  }

  iniciarAnalise(...a: Parameters<ReembolsoDoOperador['iniciarAnalise']>) {
    return this.operador.iniciarAnalise(...a);
  }

  pedirDocumentos(...a: Parameters<ReembolsoDoOperador['pedirDocumentos']>) {
    return this.operador.pedirDocumentos(...a);
  }

  aprovar(...a: Parameters<ReembolsoDoOperador['aprovar']>) {
    return this.operador.aprovar(...a);
  }

  confirmarAprovacao(...a: Parameters<ReembolsoDoOperador['confirmarAprovacao']>) {
    return this.operador.confirmarAprovacao(...a);
  }

  recusarAprovacao(...a: Parameters<ReembolsoDoOperador['recusarAprovacao']>) {
    return this.operador.recusarAprovacao(...a);
  }

  negar(...a: Parameters<ReembolsoDoOperador['negar']>) {
    return this.operador.negar(...a);
  }

  marcarPago(...a: Parameters<ReembolsoDoOperador['marcarPago']>) {
    return this.operador.marcarPago(...a);
  }
}
