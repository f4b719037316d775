import type { Beneficiario, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { autorizacoesKeys } from './keys';

/** POST /api/Autorizacoes/Beneficiarios (spec 7): the beneficiaries the member may see. */
export async function buscarBeneficiarios(perfilAutenticado: PerfilAutenticado, signal?: AbortSignal) {
  const r = await api.post<Beneficiario[] | { dados?: Beneficiario[] }>(
    '/api/Autorizacoes/Beneficiarios',
    { perfilAutenticado },
    { signal },
  );
  return Array.isArray(r) ? r : (r?.dados ?? []);
}

export const beneficiariosQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: autorizacoesKeys.beneficiarios(),
    queryFn: ({ signal }) => buscarBeneficiarios(perfil, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 5 * 60_000,
  });

export function useBeneficiarios() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...beneficiariosQuery(perfil!), enabled: perfil !== null });
}
