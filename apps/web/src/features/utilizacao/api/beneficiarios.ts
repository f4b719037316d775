import type { PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { utilizacaoKeys } from './keys';

export interface BeneficiarioUtilizacao {
  codigoBeneficiario: string;
  nome: string;
}

/** POST /api/utilizacao/Beneficiarios (spec 3): the items, possibly wrapped in dados. */
export async function buscarBeneficiarios(perfilAutenticado: PerfilAutenticado, signal?: AbortSignal) {
  const r = await api.post<BeneficiarioUtilizacao[] | { dados?: BeneficiarioUtilizacao[] }>(
    '/api/utilizacao/Beneficiarios',
    { perfilAutenticado },
    { signal },
  );
  return Array.isArray(r) ? r : (r?.dados ?? []);
}

export const beneficiariosQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: utilizacaoKeys.beneficiarios(),
    queryFn: ({ signal }) => buscarBeneficiarios(perfil, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 5 * 60_000,
  });

export function useBeneficiarios() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...beneficiariosQuery(perfil!), enabled: perfil !== null });
}
