import type { Especialidade } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listaDaResposta } from '@/lib/api/lista';
import { guiaMedicoKeys } from './keys';

/** GET /api/GuiaMedico/Especialidades?removeOdonto=false (docs/produto/guia-medico.md, "Calls"). */
export async function buscarEspecialidades(signal?: AbortSignal): Promise<Especialidade[]> {
  const r = await api.get<Especialidade[] | { dados?: Especialidade[] }>(
    '/api/GuiaMedico/Especialidades',
    { removeOdonto: false },
    signal,
  );
  return listaDaResposta(r);
}

export const especialidadesQuery = () =>
  queryOptions({
    queryKey: guiaMedicoKeys.especialidades(),
    queryFn: ({ signal }) => buscarEspecialidades(signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 60 * 60_000,
  });

export function useEspecialidades() {
  return useQuery(especialidadesQuery());
}
