const TZ = 'America/Sao_Paulo';

/**
 * Each formatter is made on its first use, not when the module loads: the first Intl formatter a
 * page makes costs it ~15–40 ms (ICU's locale and time-zone data), which a phone paid inside the
 * first render of every member page, Home included, that imports this module and formats nothing
 * (issue 19, bench/lighthouse.mjs). Made once, then reused.
 */
function umaVez<T>(criar: () => T): () => T {
  let valor: T | undefined;
  return () => (valor ??= criar());
}

const dateTime = umaVez(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
      timeZone: TZ,
    }),
);
const dateOnly = umaVez(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const brl = umaVez(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
const inteiro = umaVez(() => new Intl.NumberFormat('pt-BR'));
const diaEmSp = umaVez(
  () => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ }),
);
const horaEmSp = umaVez(
  () => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: TZ }),
);

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** docs/produto/comum.md "Data" default date-time format: dd/mm/aaaa hh:mm:ss (pt-BR); empty shows '---'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '---';
  const d = toDate(value);
  return d ? dateTime().format(d).replace(',', '') : '---';
}

/**
 * dd/mm/aaaa for calendar dates. A bare ISO date ('2024-03-01') is a calendar day, not an
 * instant, so it is formatted without any time-zone shift.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '---';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  return d ? dateOnly().format(d) : '---';
}

/** Intl's minus: a negative number, also one that rounds to zero ('-R$ 0,00'), and -0. */
function sinal(n: number): string {
  return n < 0 || Object.is(n, -0) ? '-' : '';
}

/** '1.234.567' from the digits of a whole number ('1234567'): pt-BR groups every three. */
function agrupar(digitos: string): string {
  return digitos.replace(/\B(?=(\d{3})+$)/g, '.');
}

/**
 * R$ 1.234,56 (non-breaking space), exactly what Intl's pt-BR currency format prints, written out
 * instead: a page's first `Intl.NumberFormat` for BRL costs a phone ~100 ms of one task (ICU's
 * locale and currency data; measured on /financeiro at 4× CPU, issue 19). Like ICU it rounds the
 * number's shortest decimal form (what `String(n)` prints: 1.005 is '1.005', so R$ 1,01) half away
 * from zero; format.test.ts compares the two over many amounts.
 */
export function formatBRL(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || Number.isNaN(n)) return '---';
  const abs = Math.abs(n);
  // From 1e21 String writes an exponent (and Infinity is no amount): Intl writes those.
  if (!(abs < 1e21)) return brl().format(n);
  // Below 1e-6 String writes an exponent too; those round to R$ 0,00.
  const [inteira = '0', fracao = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.');
  const casas = `${fracao}000`;
  const centavos = BigInt(`${inteira}${casas.slice(0, 2)}`) + (casas[2]! >= '5' ? 1n : 0n);
  const digitos = centavos.toString().padStart(3, '0');
  return `${sinal(n)}R$\u00a0${agrupar(digitos.slice(0, -2))},${digitos.slice(-2)}`;
}

/** A count as pt-BR writes it ('12.345'), what `toLocaleString('pt-BR')` prints, without Intl (formatBRL). */
export function formatInteiro(n: number): string {
  if (!Number.isSafeInteger(n)) return inteiro().format(n);
  return `${sinal(n)}${agrupar(String(Math.abs(n)))}`;
}

/** First name for greetings ('Bem-vindo, Maria'). */
export function firstName(nome: string | null | undefined): string {
  return (nome ?? '').trim().split(/\s+/)[0] ?? '';
}

const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
];

/** 'Março de 2026' from a competence's month (1–12) and year; '13/2026' for a month out of range. */
export function competenciaPorExtenso(mes: number, ano: number): string {
  const nome = MESES[mes - 1];
  return nome ? `${nome} de ${ano}` : `${String(mes).padStart(2, '0')}/${ano}`;
}

/**
 * The day of an instant in São Paulo ('06/03/2026'): a request sent at 22:00 is of that day, as its
 * protocol number says, not of the next one in UTC.
 */
export function dataDoInstante(instante: string | Date): string {
  return diaEmSp().format(new Date(instante));
}

/** '06/03/2026 às 08:51' (São Paulo): the portal's pages, the staff console and the PDFs write it so. */
export function dataHoraDoInstante(instante: string | Date): string {
  const d = new Date(instante);
  return `${diaEmSp().format(d)} às ${horaEmSp().format(d)}`;
}
