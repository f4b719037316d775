/** Query keys of the area, from one place. */
export const reembolsoKeys = {
  all: ['reembolso'] as const,
  lista: () => [...reembolsoKeys.all, 'lista'] as const,
  detalhe: (protocolo: string) => [...reembolsoKeys.all, 'detalhe', protocolo] as const,
  beneficiarios: () => [...reembolsoKeys.all, 'beneficiarios'] as const,
  ultimoPagamento: () => [...reembolsoKeys.all, 'ultimo-pagamento'] as const,
};
