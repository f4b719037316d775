import type { ListarExtratoIrpfResponse, PerfilAutenticado } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { financeiroKeys } from './keys';

/** POST /api/Financeiro/ListarExtratoIRPF (docs/produto/financeiro.md, "Calls"): the list is in response.dados; `anos` are the years with data. */
export async function listarExtratoIrpf(
  PerfilAutenticado: PerfilAutenticado,
  ano: number | null,
  signal?: AbortSignal,
): Promise<ListarExtratoIrpfResponse> {
  const r = await api.post<Partial<ListarExtratoIrpfResponse>>(
    '/api/Financeiro/ListarExtratoIRPF',
    ano === null ? { PerfilAutenticado } : { PerfilAutenticado, ano },
    { signal },
  );
  return { dados: r?.dados ?? [], anos: r?.anos ?? [], reembolsos: r?.reembolsos ?? [] };
}

export const listarExtratoIrpfQuery = (perfil: PerfilAutenticado, ano: number | null) =>
  queryOptions({
    queryKey: financeiroKeys.irpf(ano),
    queryFn: ({ signal }) => listarExtratoIrpf(perfil, ano, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    placeholderData: keepPreviousData,
  });

export function useListarExtratoIrpf(ano: number | null, enabled: boolean) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...listarExtratoIrpfQuery(perfil!, ano), enabled: enabled && perfil !== null });
}
