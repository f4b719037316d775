import { dataHoraDoInstante, diaEmSaoPaulo as diaEmSp } from '@portal/br';
import { formatarNumeroProtocolo } from '@portal/contract/protocolos';

/** '06/03/2026 às 08:51' (São Paulo). */
export const dataHora = dataHoraDoInstante;

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' (a calendar day, no time zone involved). */
export const dataDoDia = (aaaammdd: string) => aaaammdd.split('-').reverse().join('/');

/** Today in São Paulo, plus `dias`, as AAAA-MM-DD (the queue's deadline filter). */
export function diaEmSaoPaulo(dias = 0): string {
  return diaEmSp(Date.now() + dias * 86_400_000);
}

export const numeroLegivel = formatarNumeroProtocolo;
