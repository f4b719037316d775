import type { Beneficiario, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { listaDaResposta } from './lista';

type BeneficiarioDaLista = Pick<Beneficiario, 'codigoBeneficiario' | 'nome'>;

/**
 * POST /api/{área}/Beneficiarios (docs/produto/comum.md, "Data", "Who may use it", "Calls"): the beneficiaries the member may see, the same
 * call under Autorizações and Utilização, bare or wrapped in dados. Each area's
 * `api/beneficiarios.ts` names its path, its contract type and its query key.
 */
export const beneficiariosQuery = <T extends BeneficiarioDaLista>(
  caminho: string,
  queryKey: QueryKey,
  perfilAutenticado: PerfilAutenticado,
) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) =>
      listaDaResposta(await api.post<T[] | { dados?: T[] }>(caminho, { perfilAutenticado }, { signal })),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 5 * 60_000,
  });

export function useBeneficiariosDe<T extends BeneficiarioDaLista>(caminho: string, queryKey: QueryKey) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...beneficiariosQuery<T>(caminho, queryKey, perfil!), enabled: perfil !== null });
}
