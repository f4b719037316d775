import { formatBRL, formatCnpj, formatCpf, onlyDigits } from '@portal/br';
import { applyMask } from '@/lib/mask';

/** Provider document as typed: CPF mask up to 11 digits, CNPJ mask from the 12th. */
export function mascaraCpfCnpj(valor: string): string {
  const d = onlyDigits(valor).slice(0, 14);
  return d.length <= 11 ? applyMask('___.___.___-__', d) : applyMask('__.___.___/____-__', d);
}

/** Amount typed as cents, shown as 'R$ 1.234,56' (digits only; at most 999.999,99). */
export function mascaraBRL(valor: string): string {
  const d = onlyDigits(valor).replace(/^0+/, '').slice(0, 8);
  return d ? formatBRL(Number(d) / 100) : '';
}

/** The reais in a masked amount, or null when empty. */
export function reaisDaMascara(valor: string): number | null {
  const d = onlyDigits(valor);
  return d ? Number(d) / 100 : null;
}

/** Today in São Paulo, AAAA-MM-DD (the latest date of care the form offers). */
export function hojeEmSaoPaulo(agora = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(agora);
}

/** The provider's CPF or CNPJ as people write it (anything else as it came). */
export function documentoDoPrestador(doc: string): string {
  const d = onlyDigits(doc);
  return d.length === 11 ? formatCpf(d) : d.length === 14 ? formatCnpj(d) : doc;
}
