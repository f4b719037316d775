import { calcularEncargosAtraso, diasEntre, ehDiaUtil, somarDias } from '@portal/br';
import type { Atraso, Atualizacao } from '@portal/contract';
import { reais } from './reais';

/**
 * Overdue installments (decision 0021). A due date on a weekend or national holiday is payable
 * without charges up to the next business day; after that the installment is overdue and the
 * days late count from the printed due date, as banks count them.
 */
export function situacaoAtraso(
  m: { vencimento: string; pagoEm: string | null },
  hoje: string,
): { vencida: boolean; diasAtraso: number } {
  if (m.pagoEm) return { vencida: false, diasAtraso: 0 };
  let limite = m.vencimento;
  while (!ehDiaUtil(limite)) limite = somarDias(limite, 1);
  if (hoje <= limite) return { vencida: false, diasAtraso: 0 };
  return { vencida: true, diasAtraso: diasEntre(m.vencimento, hoje) };
}

/** What the boleto (and the PIX) of an open installment charges today. */
export interface Cobranca {
  vencimento: string;
  valorCentavos: number;
  /** Set on an updated boleto: what the amount is made of. */
  atualizacao: (Atualizacao & { multaCentavos: number; jurosCentavos: number }) | null;
  /** Overdue, in an operator that gives an instruction instead of an updated boleto. */
  instrucaoAtraso: string | null;
}

export function cobrancaDe(
  m: { vencimento: string; pagoEm: string | null; valorCentavos: number },
  hoje: string,
  regra: Atraso,
): Cobranca {
  const original: Cobranca = {
    vencimento: m.vencimento,
    valorCentavos: m.valorCentavos,
    atualizacao: null,
    instrucaoAtraso: null,
  };
  const { vencida, diasAtraso } = situacaoAtraso(m, hoje);
  if (!vencida) return original;
  if (regra.modo === 'instrucao') return { ...original, instrucaoAtraso: regra.instrucao };
  const e = calcularEncargosAtraso(m.valorCentavos, diasAtraso, regra);
  return {
    vencimento: hoje,
    valorCentavos: e.totalCentavos,
    instrucaoAtraso: null,
    atualizacao: {
      vencimentoOriginal: m.vencimento,
      valorOriginal: reais(m.valorCentavos),
      diasAtraso,
      multaPercentual: regra.multaPercentual,
      multa: reais(e.multaCentavos),
      multaCentavos: e.multaCentavos,
      jurosMensalPercentual: regra.jurosMensalPercentual,
      juros: reais(e.jurosCentavos),
      jurosCentavos: e.jurosCentavos,
    },
  };
}
