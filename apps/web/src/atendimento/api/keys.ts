import type { GrupoDePrazo } from '@portal/contract';
import type { FaixaDePrazo, TipoProtocolo } from '@portal/contract/protocolos';

/** The queue's filters (filaAtendimentoQuerySchema's fields the console sends). */
export interface FiltrosFila {
  situacao: 'abertos' | 'todos';
  tipo?: TipoProtocolo;
  /** A deadline band ('Atrasado', 'Vence hoje', ...): a card or the 'Prazo' field. */
  faixa?: FaixaDePrazo;
  /** Answer deadlines (protocols) or the reimbursements' payment deadline, never both added. */
  grupo?: GrupoDePrazo;
  busca?: string;
  /** eu: 'Minha fila'; ninguem: the protocols nobody took. */
  responsavel?: 'eu' | 'ninguem';
}

/** Query keys of the console, one factory (mutations invalidate through it). */
export const chavesAtendimento = {
  tudo: ['atendimento'] as const,
  fila: (filtros: FiltrosFila) => ['atendimento', 'fila', filtros] as const,
  protocolo: (numero: string) => ['atendimento', 'protocolo', numero] as const,
  reembolsos: (situacao: string, responsavel?: 'eu' | 'ninguem') =>
    ['atendimento', 'reembolsos', situacao, responsavel ?? null] as const,
  reembolso: (protocolo: string) => ['atendimento', 'reembolso', protocolo] as const,
  notas: (protocolo: string) => ['atendimento', 'notas', protocolo] as const,
  busca: (q: string) => ['atendimento', 'busca', q] as const,
  modelos: () => ['atendimento', 'modelos'] as const,
  importacoes: () => ['atendimento', 'importacoes'] as const,
  entregas: (situacao: string) => ['atendimento', 'entregas', situacao] as const,
  auditoria: (filtros: Record<string, string>) => ['atendimento', 'auditoria', filtros] as const,
};
