import type { FiltroDaBusca } from '../busca';

/** Query keys of the area, from one place. */
export const guiaMedicoKeys = {
  all: ['guia-medico'] as const,
  cidades: () => [...guiaMedicoKeys.all, 'cidades'] as const,
  especialidades: () => [...guiaMedicoKeys.all, 'especialidades'] as const,
  prestadores: (filtro: FiltroDaBusca) => [...guiaMedicoKeys.all, 'prestadores', filtro] as const,
};
