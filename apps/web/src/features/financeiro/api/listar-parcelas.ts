import type { Parcela, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listaDaResposta } from '@/lib/api/lista';
import { usePerfilAutenticado } from '@/lib/membro';
import { financeiroKeys } from './keys';

/** POST /api/Financeiro/ListarParcelas (docs/produto/financeiro.md, "Calls"): the installments of the last 12 months. */
export async function listarParcelas(PerfilAutenticado: PerfilAutenticado, signal?: AbortSignal): Promise<Parcela[]> {
  const r = await api.post<Parcela[] | { dados?: Parcela[] }>(
    '/api/Financeiro/ListarParcelas',
    { PerfilAutenticado },
    { signal },
  );
  return listaDaResposta(r);
}

export const listarParcelasQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: financeiroKeys.parcelas(),
    queryFn: ({ signal }) => listarParcelas(perfil, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
  });

export function useListarParcelas(enabled = true) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...listarParcelasQuery(perfil!), enabled: enabled && perfil !== null });
}
