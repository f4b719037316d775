// Late charges on an overdue installment (boleto atualizado): a fine (multa) charged once and
// default interest (juros de mora) per month, pro rata die (a month counts as 30 days). Amounts
// are integer centavos; each charge is rounded half up to the centavo on its own, as a boleto
// prints them, and the total is their sum (never a rounded sum of floats).

/** Consumer contracts: multa of at most 2 % (CDC art. 52 §1º). */
export const MULTA_MAXIMA_PERCENTUAL = 2;
/** Default interest of at most 1 % a month (see docs/decisions/0021). */
export const JUROS_MENSAIS_MAXIMOS_PERCENTUAL = 1;

export interface RegraAtraso {
  /** Percent of the amount, charged once as soon as the installment is late (2 = 2 %). */
  multaPercentual: number;
  /** Percent of the amount per month of delay, pro rata die (1 = 1 % a.m. = 0,0333…% a day). */
  jurosMensalPercentual: number;
}

export interface EncargosAtraso {
  multaCentavos: number;
  jurosCentavos: number;
  /** Amount plus fine plus interest: what the updated boleto charges. */
  totalCentavos: number;
}

/**
 * The fine and the interest of `valorCentavos` paid `diasAtraso` calendar days after its due date.
 * Zero days costs nothing (not even the fine). A rule above the legal caps is refused rather than
 * silently lowered: it is a configuration error, and the operator has to see it.
 */
export function calcularEncargosAtraso(valorCentavos: number, diasAtraso: number, regra: RegraAtraso): EncargosAtraso {
  if (!Number.isSafeInteger(valorCentavos) || valorCentavos < 0) {
    throw new RangeError('valorCentavos precisa ser um número inteiro de centavos, 0 ou mais');
  }
  if (!Number.isSafeInteger(diasAtraso) || diasAtraso < 0) {
    throw new RangeError('diasAtraso precisa ser um número inteiro de dias, 0 ou mais');
  }
  const multa = centesimos(regra.multaPercentual, MULTA_MAXIMA_PERCENTUAL, 'Multa');
  const juros = centesimos(regra.jurosMensalPercentual, JUROS_MENSAIS_MAXIMOS_PERCENTUAL, 'Juros de mora');
  if (diasAtraso === 0) return { multaCentavos: 0, jurosCentavos: 0, totalCentavos: valorCentavos };
  // Percent in hundredths (2 % → 200), so every product below is an exact integer.
  const multaCentavos = dividirArredondando(valorCentavos * multa, 100 * 100);
  const jurosCentavos = dividirArredondando(valorCentavos * juros * diasAtraso, 100 * 100 * 30);
  return { multaCentavos, jurosCentavos, totalCentavos: valorCentavos + multaCentavos + jurosCentavos };
}

function centesimos(percentual: number, maximo: number, nome: string): number {
  if (!Number.isFinite(percentual) || percentual < 0) throw new RangeError(`${nome}: percentual inválido`);
  if (percentual > maximo) {
    throw new RangeError(`${nome} de ${percentual}% passa do limite legal de ${maximo}%`);
  }
  const c = Math.round(percentual * 100);
  if (Math.abs(c - percentual * 100) > 1e-9) throw new RangeError(`${nome}: use no máximo duas casas decimais`);
  return c;
}

// Half up on non-negative integers: 0,5 centavo becomes 1.
function dividirArredondando(numerador: number, divisor: number): number {
  if (!Number.isSafeInteger(numerador)) throw new RangeError('Valor grande demais para calcular encargos');
  return Math.floor((2 * numerador + divisor) / (2 * divisor));
}
