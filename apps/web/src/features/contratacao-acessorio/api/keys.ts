import type { ServicoAdicional } from '@portal/contract';

/** Query keys of the add-on contracting (one flow, two services). */
export const contratacaoKeys = {
  all: ['servicos'] as const,
  oferta: (servico: ServicoAdicional) => [...contratacaoKeys.all, servico, 'oferta'] as const,
};
