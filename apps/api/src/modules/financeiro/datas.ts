/**
 * Calendar arithmetic of the finance area. Competences, due dates and "the last 12 months" are
 * days of the operator's calendar (America/Sao_Paulo), not instants: a call at 23:30 on the 31st in
 * Brasília is still that month, whatever UTC says.
 */
const FUSO = 'America/Sao_Paulo';
const formato = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' });

/** A competence: a month of a year. */
export interface Mes {
  ano: number;
  /** 1–12 */
  mes: number;
}

/** The operator's calendar day of an instant, as YYYY-MM-DD. */
export function diaLocal(ms: number): string {
  return formato.format(new Date(ms));
}

export function mesDe(dia: string): Mes {
  return { ano: Number(dia.slice(0, 4)), mes: Number(dia.slice(5, 7)) };
}

/** `m` moved by `n` months (negative goes back). */
export function somarMeses(m: Mes, n: number): Mes {
  const i = m.ano * 12 + (m.mes - 1) + n;
  return { ano: Math.floor(i / 12), mes: (i % 12) + 1 };
}

/** Months from `a` to `b` (positive when b is later). */
export function mesesEntre(a: Mes, b: Mes): number {
  return b.ano * 12 + b.mes - (a.ano * 12 + a.mes);
}

/** First day of the month, YYYY-MM-01 (how competences are stored). */
export function primeiroDia(m: Mes): string {
  return `${m.ano}-${String(m.mes).padStart(2, '0')}-01`;
}

/** 'MM/AAAA', as competences are printed. */
export function competenciaTexto(m: Mes): string {
  return `${String(m.mes).padStart(2, '0')}/${m.ano}`;
}

/** A day of the month, YYYY-MM-DD (clamped to the month's last day). */
export function diaDoMes(m: Mes, dia: number): string {
  const ultimo = new Date(Date.UTC(m.ano, m.mes, 0)).getUTCDate();
  return `${primeiroDia(m).slice(0, 8)}${String(Math.min(dia, ultimo)).padStart(2, '0')}`;
}

/** `dia` (YYYY-MM-DD) moved by `n` days. */
export function somarDias(dia: string, n: number): string {
  const t = Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1, Number(dia.slice(8, 10)));
  return new Date(t + n * 86_400_000).toISOString().slice(0, 10);
}

/** Centavos (integers, never floats) to reais with two decimals, as the JSON answers carry them. */
export function reais(centavos: number): number {
  return Math.round(centavos) / 100;
}

/** Calendar days from `de` to `ate` (YYYY-MM-DD; positive when `ate` is later). */
export function diasEntre(de: string, ate: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(ate) - utc(de)) / 86_400_000);
}
