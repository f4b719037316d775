/** Query keys of the area, from one place. */
export const protocolosKeys = {
  all: ['protocolos'] as const,
  lista: (busca: { protocolo: string; pagina: number }) => [...protocolosKeys.all, 'lista', busca] as const,
  detalhe: (protocolo: string) => [...protocolosKeys.all, 'detalhe', protocolo] as const,
};
