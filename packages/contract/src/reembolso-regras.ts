/**
 * A reimbursement's statuses in plain Portuguese, kept free of zod (`@portal/contract/reembolso`)
 * so a chunk that only shows a status badge carries no schema library. reembolso.ts re-exports them.
 */

export const SITUACOES_REEMBOLSO = ['recebido', 'em_analise', 'pendente', 'aprovado', 'pago', 'negado'] as const;
export type SituacaoReembolso = (typeof SITUACOES_REEMBOLSO)[number];
export const ROTULOS_SITUACAO_REEMBOLSO: Record<SituacaoReembolso, string> = {
  recebido: 'Recebido',
  em_analise: 'Em análise',
  pendente: 'Pendente',
  aprovado: 'Aprovado',
  pago: 'Pago',
  negado: 'Negado',
};
