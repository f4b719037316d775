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

/** What an attachment is. */
export const DOCUMENTOS_REEMBOLSO = [
  'comprovante_pagamento',
  'pedido_medico',
  'nota_fiscal',
  'relatorio_medico',
  'laudo_exame',
  'documento_identidade',
  'outro',
] as const;
export type DocumentoReembolso = (typeof DOCUMENTOS_REEMBOLSO)[number];
export const ROTULOS_DOCUMENTO_REEMBOLSO: Record<DocumentoReembolso, string> = {
  comprovante_pagamento: 'Comprovante de pagamento / recibo',
  pedido_medico: 'Pedido médico',
  nota_fiscal: 'Nota fiscal',
  relatorio_medico: 'Relatório médico',
  laudo_exame: 'Laudo de exame',
  documento_identidade: 'Documento de identidade',
  outro: 'Outro documento',
};

/**
 * The kinds of document the member may send in answer to a request for documents (decision 0067):
 * those the operator ticked in the checklist, and 'outro' (what the free text may add); null when
 * nothing was ticked (a free-text request): any kind. The server refuses the others.
 */
export function documentosAceitosNaResposta<D extends string>(pedidos: readonly D[]): readonly (D | 'outro')[] | null {
  return pedidos.length === 0 ? null : [...pedidos, 'outro'];
}

/**
 * The kind the member's answer form starts with: the first document asked for that is not among
 * the files already chosen; null (the field starts empty, for the member to say) when the request
 * ticked nothing or everything asked for is chosen — never a kind the operator did not ask for.
 */
export function proximoDocumentoPedido<D extends string>(
  pedidos: readonly D[],
  escolhidos: readonly string[],
): D | null {
  return pedidos.find((d) => !escolhidos.includes(d)) ?? null;
}
