import type {
  CompetenciaCoParticipacao,
  ListarExtratoCoParticipacaoResponse,
  PerfilAutenticado,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { financeiroKeys } from './keys';

/** POST /api/Financeiro/ListarExtratoCoParticipacao: the last 12 competences and their lines (in response.dados). */
export async function listarExtratoCoParticipacao(
  PerfilAutenticado: PerfilAutenticado,
  signal?: AbortSignal,
): Promise<CompetenciaCoParticipacao[]> {
  const r = await api.post<Partial<ListarExtratoCoParticipacaoResponse>>(
    '/api/Financeiro/ListarExtratoCoParticipacao',
    { PerfilAutenticado },
    { signal },
  );
  return r?.dados ?? [];
}

export const listarExtratoCoParticipacaoQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: financeiroKeys.coparticipacao(),
    queryFn: ({ signal }) => listarExtratoCoParticipacao(perfil, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
  });

export function useListarExtratoCoParticipacao(enabled: boolean) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...listarExtratoCoParticipacaoQuery(perfil!), enabled: enabled && perfil !== null });
}
