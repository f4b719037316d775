import { formatBRL, formatCpf, formatDate } from '@portal/br';
import { campos, type Documento } from '../../../lib/pdf/documento';

export const reais = (centavos: number) => formatBRL(centavos / 100);

/** Who the document is for: the member, their contract and plan. */
export interface Destinatario {
  nome: string;
  cpf: string;
  codigoContrato: string;
  plano: string;
  registroAnsPlano: string | null;
  inicioVigencia: string;
}

export function camposDestinatario(d: Documento, p: Destinatario, extra: [string, string][] = []): void {
  campos(d, [
    ['Nome', p.nome],
    ['CPF', formatCpf(p.cpf)],
    ['Contrato', p.codigoContrato],
    ['Plano', p.registroAnsPlano ? `${p.plano} (ANS nº ${p.registroAnsPlano})` : p.plano],
    ['Início de vigência', formatDate(p.inicioVigencia)],
    ...extra,
  ]);
}
