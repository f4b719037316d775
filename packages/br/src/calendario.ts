/**
 * The operator's calendar (America/Sao_Paulo), shared by the API, the web and the seed: the day of
 * an instant in São Paulo, day and month arithmetic on AAAA-MM-DD strings, and deadlines in business
 * days (RN 623/2024: weekends and national holidays do not count). Competences, due dates and
 * "the last 12 months" are days of this calendar, not instants: a call at 23:30 on the 31st in
 * Brasília is still that month, whatever UTC says.
 */
const DIA_SP = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in São Paulo of an instant, as AAAA-MM-DD (which day a protocol, an invoice or a card belongs to). */
export function diaEmSaoPaulo(ms: number): string {
  return DIA_SP.format(new Date(ms));
}

/** AAAA-MM-DD plus n calendar days (negative goes back). */
export function somarDias(dia: string, n: number): string {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Easter Sunday (Meeus/Jones/Butcher, Gregorian calendar) as AAAA-MM-DD. */
export function pascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/**
 * National holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023 for 20 November) and Good
 * Friday. Regional holidays and optional days (Carnaval, Corpus Christi) are not counted: the
 * deadline may only come out earlier than the operator's own calendar, never later.
 */
export function feriadosNacionais(ano: number): Set<string> {
  const fixos = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];
  if (ano >= 2024) fixos.push('11-20');
  const dias = fixos.map((md) => `${ano}-${md}`);
  dias.push(somarDias(pascoa(ano), -2));
  return new Set(dias);
}

export function ehDiaUtil(dia: string): boolean {
  const semana = new Date(`${dia}T00:00:00Z`).getUTCDay();
  return semana !== 0 && semana !== 6 && !feriadosNacionais(Number(dia.slice(0, 4))).has(dia);
}

/** The n-th business day after `dia` (the day of the request itself does not count). */
export function somarDiasUteis(dia: string, n: number): string {
  let atual = dia;
  for (let contados = 0; contados < n;) {
    atual = somarDias(atual, 1);
    if (ehDiaUtil(atual)) contados++;
  }
  return atual;
}

/** First day of the month after `dia`: when an add-on contracted that day starts covering. */
export function primeiroDiaDoMesSeguinte(dia: string): string {
  const ano = Number(dia.slice(0, 4));
  const mes = Number(dia.slice(5, 7));
  return mes === 12 ? `${ano + 1}-01-01` : `${ano}-${String(mes + 1).padStart(2, '0')}-01`;
}

/** Calendar days from `de` to `ate` (AAAA-MM-DD; positive when `ate` is later). */
export function diasEntre(de: string, ate: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(ate) - utc(de)) / 86_400_000);
}

/** A competence: a month of a year. */
export interface Mes {
  ano: number;
  /** 1–12 */
  mes: number;
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

/** First day of the month, AAAA-MM-01 (how competences are stored). */
export function primeiroDia(m: Mes): string {
  return `${m.ano}-${String(m.mes).padStart(2, '0')}-01`;
}

/** 'MM/AAAA', as competences are printed. */
export function competenciaTexto(m: Mes): string {
  return `${String(m.mes).padStart(2, '0')}/${m.ano}`;
}

/** A day of the month, AAAA-MM-DD (clamped to the month's last day). */
export function diaDoMes(m: Mes, dia: number): string {
  const ultimo = new Date(Date.UTC(m.ano, m.mes, 0)).getUTCDate();
  return `${primeiroDia(m).slice(0, 8)}${String(Math.min(dia, ultimo)).padStart(2, '0')}`;
}

/**
 * The first payment run on or after `dia` (AAAA-MM-DD), for runs on the given days of the month: a
 * day past the month's end is its last day, and a run on a weekend or national holiday happens on
 * the next business day (the bank does not pay on those).
 */
export function proximaRodadaDePagamento(dia: string, diasDoMes: readonly number[]): string {
  if (!diasDoMes.length) throw new Error('proximaRodadaDePagamento: no day of the month');
  let ano = Number(dia.slice(0, 4));
  let mes = Number(dia.slice(5, 7));
  // Two months always hold a run on or after `dia` (a shifted run stays within a few days).
  for (let i = 0; i < 3; i++) {
    const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
    const rodadas = [...diasDoMes]
      .map((d) => `${ano}-${String(mes).padStart(2, '0')}-${String(Math.min(d, ultimo)).padStart(2, '0')}`)
      .map((d) => {
        let util = d;
        while (!ehDiaUtil(util)) util = somarDias(util, 1);
        return util;
      })
      .sort();
    const proxima = rodadas.find((d) => d >= dia);
    if (proxima) return proxima;
    mes++;
    if (mes > 12) {
      mes = 1;
      ano++;
    }
  }
  throw new Error('proximaRodadaDePagamento: unreachable');
}
