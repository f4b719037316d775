import type { Cidade } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listaDaResposta } from '@/lib/api/lista';
import { guiaMedicoKeys } from './keys';

/** GET /api/GuiaMedico/Cidades (docs/produto/guia-medico.md, "Calls"); an answer that is not a list counts as none. */
export async function buscarCidades(signal?: AbortSignal): Promise<Cidade[]> {
  const r = await api.get<Cidade[] | { dados?: Cidade[] }>('/api/GuiaMedico/Cidades', { somenteOdonto: false }, signal);
  return listaDaResposta(r);
}

export const cidadesQuery = () =>
  queryOptions({
    queryKey: guiaMedicoKeys.cidades(),
    queryFn: ({ signal }) => buscarCidades(signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 60 * 60_000,
  });

/** docs/produto/guia-medico.md "Calls": on failure the list is empty (the toast says why). */
export function useCidades() {
  return useQuery(cidadesQuery());
}
