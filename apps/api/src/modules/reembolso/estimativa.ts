import { formatBRL } from '@portal/br';
import type { EstimativaReembolso, ParteDaEstimativa, TipoReembolso } from '@portal/contract';

/** The plan's reimbursement terms the estimate reads. */
export interface PlanoReembolso {
  multiplo: number;
  coparticipativo: boolean;
}

/** One line of the operator's reimbursement table. */
export interface LinhaTabela {
  tipo: TipoReembolso;
  codigoTuss: string;
  descricao: string;
  valorCentavos: number;
  coparticipacaoPercentual: number;
}

/**
 * An estimate as it was computed (decision 0034's rules), in cents: what the Previa answers and what
 * a request keeps (migration 0043), so its detail explains the figure the member was shown.
 */
export interface PartesDaPrevia {
  tabelaCentavos: number;
  multiplo: number;
  coparticipacaoCentavos: number;
  /** The member's share of the care; 0 when the plan is not co-participative. */
  coparticipacaoPercentual: number;
  referencia: string;
  /** The amount paid capped it. */
  limitada: boolean;
  estimadoCentavos: number;
  pagoCentavos: number;
}

const bruto = (tabelaCentavos: number, multiplo: number) => Math.round(tabelaCentavos * multiplo);

/** Table amount × the plan's multiple − co-participation, never more than was paid (pure). */
export function calcularPrevia(linha: LinhaTabela, plano: PlanoReembolso, valorPagoCentavos: number): PartesDaPrevia {
  const pelaTabela = bruto(linha.valorCentavos, plano.multiplo);
  const percentual = plano.coparticipativo ? linha.coparticipacaoPercentual : 0;
  const coparticipacao = Math.round((pelaTabela * percentual) / 100);
  const liquido = Math.max(0, pelaTabela - coparticipacao);
  return {
    tabelaCentavos: linha.valorCentavos,
    multiplo: plano.multiplo,
    coparticipacaoCentavos: coparticipacao,
    coparticipacaoPercentual: percentual,
    referencia: linha.codigoTuss ? `TUSS ${linha.codigoTuss} - ${linha.descricao}` : linha.descricao,
    limitada: liquido > valorPagoCentavos,
    estimadoCentavos: Math.min(liquido, valorPagoCentavos),
    pagoCentavos: valorPagoCentavos,
  };
}

const reais = (c: number) => Math.round(c) / 100;
/** 2 → '2', 1.5 → '1,5', 12.5 → '12,5' (numeric(5,2) read as a number). */
const numero = (n: number) => String(n).replace('.', ',');

/**
 * The estimate in plain words (issue 31): what the table pays for that kind of care, what the plan's
 * multiple does to it, why co-participation is subtracted, and the cap of the amount paid when it
 * applied — each with its amount written. One text for the form, the detail and Meus Protocolos.
 */
export function estimativaEmPalavras(p: PartesDaPrevia): EstimativaReembolso {
  const pelaTabela = bruto(p.tabelaCentavos, p.multiplo);
  const liquido = Math.max(0, pelaTabela - p.coparticipacaoCentavos);
  const partes: ParteDaEstimativa[] = [
    {
      parte: 'tabela',
      titulo: 'O que a tabela paga',
      valor: formatBRL(reais(p.tabelaCentavos)),
      explicacao:
        `A tabela de reembolso da operadora paga ${formatBRL(reais(p.tabelaCentavos))} por este tipo de ` +
        `atendimento, seja qual for o preço cobrado pelo prestador. Linha da tabela: ${p.referencia}.`,
    },
    {
      parte: 'multiplo',
      titulo: 'Múltiplo do seu plano',
      valor: `× ${numero(p.multiplo)}`,
      explicacao:
        p.multiplo === 1
          ? `Seu plano reembolsa o próprio valor da tabela (múltiplo 1): ${formatBRL(reais(pelaTabela))}.`
          : `Seu plano reembolsa ${numero(p.multiplo)} vezes o valor da tabela: ` +
            `${formatBRL(reais(p.tabelaCentavos))} × ${numero(p.multiplo)} = ${formatBRL(reais(pelaTabela))}.`,
    },
    p.coparticipacaoPercentual > 0
      ? {
          parte: 'coparticipacao',
          titulo: 'Coparticipação',
          valor: `− ${formatBRL(reais(p.coparticipacaoCentavos))}`,
          explicacao:
            `Seu plano é coparticipativo: você paga ${numero(p.coparticipacaoPercentual)}% de cada atendimento, ` +
            `e essa parte é descontada do reembolso (${numero(p.coparticipacaoPercentual)}% de ${formatBRL(reais(pelaTabela))}).`,
        }
      : {
          parte: 'coparticipacao',
          titulo: 'Coparticipação',
          valor: formatBRL(0),
          explicacao: 'Seu plano não tem coparticipação neste atendimento: nada é descontado.',
        },
  ];
  if (p.limitada) {
    partes.push({
      parte: 'limite',
      titulo: 'Limite do valor pago',
      valor: formatBRL(reais(p.pagoCentavos)),
      explicacao:
        `O reembolso nunca passa do que você pagou: por isso a estimativa fica em ${formatBRL(reais(p.pagoCentavos))}, ` +
        `e não em ${formatBRL(reais(liquido))}.`,
    });
  }
  return {
    valorEstimado: reais(p.estimadoCentavos),
    valorTabela: reais(p.tabelaCentavos),
    multiplo: p.multiplo,
    coparticipacao: reais(p.coparticipacaoCentavos),
    coparticipacaoPercentual: p.coparticipacaoPercentual,
    valorPago: reais(p.pagoCentavos),
    limitadoAoValorPago: p.limitada,
    referencia: p.referencia,
    partes,
  };
}

/** What a request keeps of its estimate (reembolsos' columns, migration 0043). */
export interface PreviaGuardada {
  valorPreviaCentavos: number | null;
  valorPagoCentavos: number;
  previaTabelaCentavos: number | null;
  previaMultiplo: string | number | null;
  previaCoparticipacaoCentavos: number | null;
  previaCoparticipacaoPercentual: string | number | null;
  previaReferencia: string | null;
  previaLimitada: boolean | null;
}

/** The parts a request kept, or null when it kept only the figure (sent before 0043) or none. */
export function partesGuardadas(r: PreviaGuardada): PartesDaPrevia | null {
  if (
    r.valorPreviaCentavos === null ||
    r.previaTabelaCentavos === null ||
    r.previaMultiplo === null ||
    r.previaCoparticipacaoCentavos === null ||
    r.previaCoparticipacaoPercentual === null ||
    r.previaReferencia === null ||
    r.previaLimitada === null
  ) {
    return null;
  }
  return {
    tabelaCentavos: r.previaTabelaCentavos,
    multiplo: Number(r.previaMultiplo),
    coparticipacaoCentavos: r.previaCoparticipacaoCentavos,
    coparticipacaoPercentual: Number(r.previaCoparticipacaoPercentual),
    referencia: r.previaReferencia,
    limitada: r.previaLimitada,
    estimadoCentavos: r.valorPreviaCentavos,
    pagoCentavos: r.valorPagoCentavos,
  };
}

/** A request's estimate in plain words, as it was when sent; null without its parts. */
export function estimativaDoPedido(r: PreviaGuardada): EstimativaReembolso | null {
  const partes = partesGuardadas(r);
  return partes && estimativaEmPalavras(partes);
}
