/** Query keys of /cancelamento. */
export const cancelamentoKeys = {
  all: ['cancelamento'] as const,
  opcoes: () => [...cancelamentoKeys.all, 'opcoes'] as const,
};
