// Bank boletos (bloqueto de cobrança, FEBRABAN layout): the 44-digit barcode and the 47-digit
// typeable line. The 48-digit arrecadação/convênio documents (utility bills, taxes) follow
// another layout and are not handled here.

const DIA_MS = 86_400_000;
const DATA_BASE = Date.UTC(1997, 9, 7);
// 2025-02-22, day 10000 after the base date, when the factor wrapped from 9999 back to 1000.
const PRIMEIRO_REINICIO = 10_000;
// Every later cycle runs 1000..9999 again: 9000 days long.
const CICLO = 9_000;

/**
 * Mod-10 check digit of the typeable line fields: weights 2, 1, 2, 1… from the right, the digits
 * of each product summed (16 counts as 1 + 6), then what is missing to the next ten.
 */
export function modulo10(digits: string): number {
  exigirDigitos(digits, 'modulo10');
  let soma = 0;
  for (let i = digits.length - 1, peso = 2; i >= 0; i--, peso = 3 - peso) {
    const produto = Number(digits[i]) * peso;
    soma += produto > 9 ? produto - 9 : produto;
  }
  return (10 - (soma % 10)) % 10;
}

/**
 * General check digit of the barcode (mod 11): weights 2..9 from the right, repeating; the digit
 * is 11 minus the remainder, and 0, 10 or 11 become 1 — a barcode never carries a 0 there.
 */
export function modulo11Boleto(digits: string): number {
  exigirDigitos(digits, 'modulo11Boleto');
  let soma = 0;
  for (let i = digits.length - 1, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1) {
    soma += Number(digits[i]) * peso;
  }
  const dv = 11 - (soma % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * Due-date factor: days since 1997-10-07. Four digits ran out on 2025-02-21 (9999), so FEBRABAN
 * restarted the count at 1000 on 2025-02-22; each later cycle also runs 1000..9999. Dates before
 * the reset keep their historic factor (1997-10-07 is 0, 2000-07-03 is 1000).
 */
export function fatorVencimento(data: string): number {
  const dias = diasDesdeBase(data);
  if (dias < 0) throw new RangeError(`Vencimento ${data} é anterior a 1997-10-07, a data base do fator`);
  if (dias < PRIMEIRO_REINICIO) return dias;
  return 1000 + ((dias - PRIMEIRO_REINICIO) % CICLO);
}

/**
 * The due date a factor stands for. Since the reset every factor 1000..9999 names one date per
 * cycle, so the reader has to pick one: the one nearest to `referencia` (usually today), ties
 * going to the later date. Factor 0000 means "no due date" and has no answer here.
 */
export function dataDoFator(fator: number, referencia: string): string {
  if (!Number.isInteger(fator) || fator < 1000 || fator > 9999) {
    throw new RangeError(`Fator de vencimento ${fator} fora de 1000..9999`);
  }
  // The k-th cycle puts the factor at day fator + 9000·k (k = 0 is the historic count).
  const k = Math.max(0, Math.round((diasDesdeBase(referencia) - fator) / CICLO));
  return new Date(DATA_BASE + (fator + k * CICLO) * DIA_MS).toISOString().slice(0, 10);
}

export interface DadosCodigoBarras {
  /** Bank code at the clearing house (COMPE), 3 digits: '341', '001'… */
  banco: string;
  /** '9' for reais. */
  moeda: string;
  /** Due date, YYYY-MM-DD. */
  vencimento: string;
  /** Amount in centavos; 0 leaves the amount for the payer to fill in. */
  valorCentavos: number;
  /** 25 digits whose layout each bank defines (agency, account, nosso número…). */
  campoLivre: string;
}

/** 44-digit barcode: bank (3), currency (1), general DV (1), factor (4), amount (10), free field (25). */
export function montarCodigoBarras(dados: DadosCodigoBarras): string {
  const { banco, moeda, vencimento, valorCentavos, campoLivre } = dados;
  if (!/^\d{3}$/.test(banco)) throw new Error('Código do banco precisa de 3 dígitos');
  if (!/^\d$/.test(moeda)) throw new Error('Código da moeda precisa de 1 dígito');
  if (!/^\d{25}$/.test(campoLivre)) throw new Error('Campo livre precisa de 25 dígitos');
  if (!Number.isSafeInteger(valorCentavos) || valorCentavos < 0 || valorCentavos > 9_999_999_999) {
    throw new RangeError('Valor precisa ser um número inteiro de centavos entre 0 e 9999999999');
  }
  const fator = String(fatorVencimento(vencimento)).padStart(4, '0');
  const semDv = `${banco}${moeda}${fator}${String(valorCentavos).padStart(10, '0')}${campoLivre}`;
  return `${semDv.slice(0, 4)}${modulo11Boleto(semDv)}${semDv.slice(4)}`;
}

/**
 * 47-digit typeable line from a barcode: bank+currency+free[0..5) with its DV, free[5..15) with
 * its DV, free[15..25) with its DV, the general DV, then factor+amount. Shape is checked here;
 * whether the check digits are right is `validarCodigoBarras`'s question.
 */
export function linhaDigitavel(codigoBarras: string): string {
  const c = limpar(codigoBarras, 44, 'Código de barras');
  const campo1 = c.slice(0, 4) + c.slice(19, 24);
  const campo2 = c.slice(24, 34);
  const campo3 = c.slice(34, 44);
  return [
    campo1 + modulo10(campo1),
    campo2 + modulo10(campo2),
    campo3 + modulo10(campo3),
    c.slice(4, 5),
    c.slice(5, 19),
  ].join('');
}

/** AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE, as printed on the boleto. */
export function formatarLinhaDigitavel(linha: string): string {
  const l = limpar(linha, 47, 'Linha digitável');
  return `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l.slice(32, 33)} ${l.slice(33)}`;
}

/** The barcode a typeable line stands for (the three field DVs are dropped, not checked). */
export function codigoBarrasDaLinha(linha: string): string {
  const l = limpar(linha, 47, 'Linha digitável');
  return l.slice(0, 4) + l.slice(32, 47) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
}

/** True when the value is 44 digits and its general check digit (position 5) is right. */
export function validarCodigoBarras(codigoBarras: string): boolean {
  const c = semMascara(codigoBarras);
  if (!/^\d{44}$/.test(c)) return false;
  return modulo11Boleto(c.slice(0, 4) + c.slice(5)) === Number(c[4]);
}

/**
 * True when the value is 47 digits (dots and spaces allowed) and all four check digits are right:
 * the mod-10 of each of the three fields and the barcode's general mod-11.
 */
export function validarLinhaDigitavel(linha: string): boolean {
  const l = semMascara(linha);
  if (!/^\d{47}$/.test(l)) return false;
  const campos: Array<[string, string]> = [
    [l.slice(0, 9), l.slice(9, 10)],
    [l.slice(10, 20), l.slice(20, 21)],
    [l.slice(21, 31), l.slice(31, 32)],
  ];
  return campos.every(([campo, dv]) => modulo10(campo) === Number(dv)) && validarCodigoBarras(codigoBarrasDaLinha(l));
}

// Lines are pasted with their dots and spaces; anything else (a letter, a comma) is an error
// rather than something to strip silently.
function semMascara(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

function limpar(value: string, tamanho: number, nome: string): string {
  const v = semMascara(value);
  if (v.length !== tamanho || !/^\d+$/.test(v)) throw new Error(`${nome} precisa de ${tamanho} dígitos`);
  return v;
}

function exigirDigitos(digits: string, funcao: string): void {
  if (!/^\d+$/.test(digits)) throw new Error(`${funcao} recebe só dígitos`);
}

// Calendar days between 1997-10-07 and a YYYY-MM-DD date, in UTC so no time zone or daylight
// saving change can add or lose a day.
function diasDesdeBase(data: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || new Date(utc).toISOString().slice(0, 10) !== data) {
    throw new Error(`Data inválida: ${data} (esperado AAAA-MM-DD)`);
  }
  return (utc - DATA_BASE) / DIA_MS;
}

export interface DadosItau {
  /** Wallet (carteira), 3 digits: '109', '112'… */
  carteira: string;
  /** The payee's own number for this boleto, up to 8 digits (left-padded with zeros). */
  nossoNumero: string;
  /** Agency, 4 digits. */
  agencia: string;
  /** Account without its check digit, 5 digits. */
  conta: string;
}

// Wallets whose nosso número DAC covers only carteira + nosso número (Itaú's layout manual).
const CARTEIRAS_ITAU_SEM_AGENCIA = new Set(['126', '131', '146', '150', '168']);

/**
 * Itaú's 25-digit free field (banco 341): carteira (3), nosso número (8), its DAC (1), agency (4),
 * account (5), the agency+account DAC (1) and 000. Both DACs are mod 10.
 */
export function campoLivreItau(d: DadosItau): string {
  if (!/^\d{3}$/.test(d.carteira)) throw new Error('Carteira precisa de 3 dígitos');
  if (!/^\d{1,8}$/.test(d.nossoNumero)) throw new Error('Nosso número precisa de 1 a 8 dígitos');
  if (!/^\d{4}$/.test(d.agencia)) throw new Error('Agência precisa de 4 dígitos');
  if (!/^\d{5}$/.test(d.conta)) throw new Error('Conta precisa de 5 dígitos');
  const nosso = d.nossoNumero.padStart(8, '0');
  const base = CARTEIRAS_ITAU_SEM_AGENCIA.has(d.carteira)
    ? d.carteira + nosso
    : d.agencia + d.conta + d.carteira + nosso;
  return `${d.carteira}${nosso}${modulo10(base)}${d.agencia}${d.conta}${modulo10(d.agencia + d.conta)}000`;
}

/** How Itaú prints them on the boleto: '109/00000157-1' and '0293/01328-0'. */
export function itauNossoNumero(campoLivre: string): string {
  const c = limpar(campoLivre, 25, 'Campo livre');
  return `${c.slice(0, 3)}/${c.slice(3, 11)}-${c.slice(11, 12)}`;
}
export function itauAgenciaConta(campoLivre: string): string {
  const c = limpar(campoLivre, 25, 'Campo livre');
  return `${c.slice(12, 16)}/${c.slice(16, 21)}-${c.slice(21, 22)}`;
}
