/**
 * Dates of the protocols (RN 623/2024): the day in São Paulo, and deadlines in business days
 * (weekends and national holidays do not count). Pure, so it is tested on its own.
 */
const DIA_SP = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in São Paulo of an instant, as AAAA-MM-DD. */
export function diaEmSaoPaulo(ms: number): string {
  return DIA_SP.format(new Date(ms));
}

/** AAAA-MM-DD plus n calendar days. */
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
