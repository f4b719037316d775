const TZ = 'America/Sao_Paulo';
// Made on first use, not when a page's chunk loads (the first Intl formatter costs a phone tens of
// milliseconds: see @portal/br's format.ts).
let dia: Intl.DateTimeFormat | undefined;
let hora: Intl.DateTimeFormat | undefined;
const formatoDoDia = () =>
  (dia ??= new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ }));
const formatoDaHora = () =>
  (hora ??= new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: TZ }));

/**
 * The day of an instant in São Paulo ('06/03/2026'): a request sent at 22:00 is of that day, as its
 * protocol number says, not of the next one in UTC.
 */
export function dataDoInstante(iso: string): string {
  return formatoDoDia().format(new Date(iso));
}

/** '06/03/2026 às 08:51' (São Paulo), as the history and the PDF write it. */
export function dataHoraDoInstante(iso: string): string {
  const d = new Date(iso);
  return `${formatoDoDia().format(d)} às ${formatoDaHora().format(d)}`;
}
