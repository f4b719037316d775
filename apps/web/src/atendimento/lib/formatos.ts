import { formatarNumeroProtocolo } from '@portal/contract/protocolos';

const TZ = 'America/Sao_Paulo';
const dia = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ });
const hora = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: TZ });
const iso = new Intl.DateTimeFormat('en-CA', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ });

/** '06/03/2026 às 08:51' (São Paulo). */
export const dataHora = (instante: string) => {
  const d = new Date(instante);
  return `${dia.format(d)} às ${hora.format(d)}`;
};

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' (a calendar day, no time zone involved). */
export const dataDoDia = (aaaammdd: string) => aaaammdd.split('-').reverse().join('/');

/** Today in São Paulo, plus `dias`, as AAAA-MM-DD (the queue's deadline filter). */
export function diaEmSaoPaulo(dias = 0): string {
  return iso.format(new Date(Date.now() + dias * 86_400_000));
}

export const numeroLegivel = formatarNumeroProtocolo;
