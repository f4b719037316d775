import { diaEmSaoPaulo, formatBRL, formatDate } from '@portal/br';
import { LIMITES_REEMBOLSO, type ReembolsoDetalhe, type SituacaoReembolso } from '@portal/contract';

/**
 * The request's step tracker (issue 31): recebido → em análise → aprovado → pago, with 'pendente de
 * documentos' between analysis and approval while the operator waits for the member, and 'negado'
 * as the end of a refused request. Pure: the steps and the next step's words come from the request
 * the API answered (its history, deadlines and amounts), nothing else.
 */

export type EstadoDaEtapa = 'feita' | 'atual' | 'futura';

export interface Etapa {
  situacao: SituacaoReembolso;
  rotulo: string;
  /** AAAA-MM-DD in São Paulo of the last time the request reached this step; null when it did not. */
  dia: string | null;
  estado: EstadoDaEtapa;
}

/** The tracker's words: the status badge's, 'Pendente' said in full. */
export const ROTULOS_ETAPA: Record<SituacaoReembolso, string> = {
  recebido: 'Recebido',
  em_analise: 'Em análise',
  pendente: 'Pendente de documentos',
  aprovado: 'Aprovado',
  pago: 'Pago',
  negado: 'Negado',
};

function sequencia(situacao: SituacaoReembolso): SituacaoReembolso[] {
  if (situacao === 'negado') return ['recebido', 'em_analise', 'negado'];
  if (situacao === 'pendente') return ['recebido', 'em_analise', 'pendente', 'aprovado', 'pago'];
  return ['recebido', 'em_analise', 'aprovado', 'pago'];
}

type ParaEtapas = Pick<ReembolsoDetalhe, 'situacao' | 'historico'>;

/** The steps in order; a step passed without an event of its own (approved straight away) has no date. */
export function etapasDoReembolso(r: ParaEtapas): Etapa[] {
  const passos = sequencia(r.situacao);
  const atual = passos.indexOf(r.situacao);
  return passos.map((situacao, i) => {
    const estado: EstadoDaEtapa = i < atual ? 'feita' : i === atual ? 'atual' : 'futura';
    const ultimo = estado === 'futura' ? undefined : r.historico.findLast((e) => e.situacao === situacao);
    return {
      situacao,
      rotulo: ROTULOS_ETAPA[situacao],
      dia: ultimo ? diaEmSaoPaulo(Date.parse(ultimo.em)) : null,
      estado,
    };
  });
}

type ParaProximoPasso = Pick<
  ReembolsoDetalhe,
  'situacao' | 'prazoPagamento' | 'previsaoPagamento' | 'pagoEm' | 'valorAprovado' | 'pagamento'
>;

const DIAS = LIMITES_REEMBOLSO.diasParaPagamento;

/**
 * What comes next, in words: the legal deadline of the payment (Lei 9.656/98: 30 days from complete
 * documentation — never the protocol's RN 623 answer deadline), the expected payment day once
 * approved, or that nothing is left to happen.
 */
export function proximoPasso(r: ParaProximoPasso): string {
  const prazo = r.prazoPagamento
    ? `Pela lei, o reembolso deve ser pago em até ${DIAS} dias corridos da documentação completa: até ${formatDate(r.prazoPagamento)}.`
    : '';
  switch (r.situacao) {
    case 'recebido':
      return `A operadora vai analisar o pedido e os documentos; se faltar algum, ela pede aqui. ${prazo}`.trim();
    case 'em_analise':
      return `A operadora conclui a análise e aprova ou nega o reembolso; se faltar algum documento, ela pede aqui. ${prazo}`.trim();
    case 'pendente':
      return (
        `Envie os documentos pedidos. O prazo de ${DIAS} dias para o pagamento está parado e volta a contar, ` +
        'do início, no dia em que os documentos chegarem.'
      );
    case 'aprovado': {
      const valor = r.valorAprovado !== null ? `de ${formatBRL(r.valorAprovado)} ` : '';
      const previsto = r.previsaoPagamento
        ? `O pagamento ${valor}está previsto para ${formatDate(r.previsaoPagamento)}, para ${r.pagamento}.`
        : `O pagamento ${valor}será feito para ${r.pagamento}.`;
      return r.prazoPagamento ? `${previsto} O prazo legal termina em ${formatDate(r.prazoPagamento)}.` : previsto;
    }
    case 'pago':
      return r.pagoEm
        ? `Reembolso pago em ${formatDate(r.pagoEm)}, para ${r.pagamento}. Não há mais passos.`
        : `Reembolso pago, para ${r.pagamento}. Não há mais passos.`;
    case 'negado':
      return 'O pedido foi encerrado sem reembolso. Se discordar do motivo, fale com a Central de Atendimento informando o protocolo.';
  }
}
