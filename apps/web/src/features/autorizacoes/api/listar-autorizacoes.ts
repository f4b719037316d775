import type { Autorizacao, ListarAutorizacoesResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { autorizacoesKeys } from './keys';

/** POST /api/Autorizacoes/ListarAutorizacoes (docs/produto/autorizacoes.md, "Calls"): the list is in response.autorizacoes. */
export async function listarAutorizacoes(
  perfilAutenticado: PerfilAutenticado,
  codigoBeneficiario: string,
  signal?: AbortSignal,
): Promise<Autorizacao[]> {
  const r = await api.post<Partial<ListarAutorizacoesResponse>>(
    '/api/Autorizacoes/ListarAutorizacoes',
    { perfilAutenticado, codigoBeneficiario },
    { signal },
  );
  return r?.autorizacoes ?? [];
}

export const listarAutorizacoesQuery = (perfil: PerfilAutenticado, codigoBeneficiario: string) =>
  queryOptions({
    queryKey: autorizacoesKeys.lista(codigoBeneficiario),
    queryFn: ({ signal }) => listarAutorizacoes(perfil, codigoBeneficiario, signal),
    meta: { erro: { titulo: 'Erro ao carregar autorizações' } },
  });

export function useListarAutorizacoes(codigoBeneficiario: string | null) {
  const perfil = usePerfilAutenticado();
  return useQuery({
    ...listarAutorizacoesQuery(perfil!, codigoBeneficiario ?? ''),
    enabled: perfil !== null && codigoBeneficiario !== null,
  });
}
