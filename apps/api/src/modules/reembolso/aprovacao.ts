import { formatBRL, formatDate } from '@portal/br';
import type { AprovacaoRecusada } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { centavos, iso, reais, regra } from './comum';
import type { ReembolsoRow } from './repository';

/** An approval's rules and four eyes (decision 0053): a console's approval awaiting a second person. */

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

/** An approval of the console proposed and not yet confirmed (decision 0053). */
export const aguardaConfirmacao = (r: ReembolsoRow) =>
  r.aprovacaoPropostaPor !== null &&
  r.aprovacaoConfirmadaPor === null &&
  (r.situacao === 'recebido' || r.situacao === 'em_analise');

export function aprovacaoPendente(r: ReembolsoRow): AprovacaoPendente | null {
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

export const JA_AGUARDA = () =>
  new AppError(409, 'JA_REGISTRADO', 'Este reembolso já tem uma aprovação aguardando a confirmação de um supervisor.');

/** A new approval, a request for documents or a denial closes the story of a refused one. */
export const SEM_RECUSA = {
  aprovacaoRecusadaCentavos: null,
  aprovacaoRecusadaDe: null,
  aprovacaoRecusadaPor: null,
  aprovacaoRecusadaEm: null,
  aprovacaoRecusadaMotivo: null,
} as const;

/** Asking for documents, denying or approving directly drops a proposal awaiting confirmation. */
export const SEM_PROPOSTA = {
  aprovacaoPropostaCentavos: null,
  aprovacaoPropostaPrevisao: null,
  aprovacaoPropostaPor: null,
  aprovacaoPropostaEm: null,
  aprovacaoConfirmadaPor: null,
  aprovacaoConfirmadaEm: null,
  ...SEM_RECUSA,
} as const;

/** The last approval refused by a supervisor, while the request is back in analysis (decision 0065). */
export function aprovacaoRecusada(r: ReembolsoRow): AprovacaoRecusada | null {
  const { aprovacaoRecusadaCentavos: c, aprovacaoRecusadaDe: de, aprovacaoRecusadaPor: por } = r;
  if (c === null || de === null || por === null || r.aprovacaoRecusadaEm === null) return null;
  if (aguardaConfirmacao(r) || (r.situacao !== 'recebido' && r.situacao !== 'em_analise')) return null;
  return {
    valor: reais(c),
    aprovadaPor: { id: de, nome: r.aprovacaoRecusadaDeNome ?? '' },
    recusadaPor: { id: por, nome: r.aprovacaoRecusadaPorNome ?? '' },
    em: iso(r.aprovacaoRecusadaEm),
    motivo: r.aprovacaoRecusadaMotivo ?? '',
  };
}

export function validarAprovacao(r: ReembolsoRow, a: { valor: number; previsaoPagamento: string }, hoje: string): void {
  const valor = centavos(a.valor);
  if (!Number.isFinite(a.valor) || valor <= 0) throw regra('Informe o valor aprovado.');
  if (valor > r.valorPagoCentavos) throw regra('O valor aprovado não pode passar do valor pago.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(a.previsaoPagamento) || a.previsaoPagamento < hoje) {
    throw regra('Informe a data prevista de pagamento (hoje ou depois).');
  }
}

/** The history line and the member's notice of an approval (direct or confirmed: the same words). */
export function aprovado(r: ReembolsoRow, valor: number, previsao: string) {
  return {
    descricao: `Reembolso aprovado: ${formatBRL(reais(valor))}, pagamento previsto para ${formatDate(previsao)}.`,
    aviso: () =>
      `o reembolso ${r.protocolo} foi aprovado: ${formatBRL(reais(valor))}, com pagamento previsto para ${formatDate(previsao)}.`,
  };
}
