import type { SituacaoDoPlano } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

export const SITUACAO_DO_PLANO = ['situacao-do-plano'] as const;

/**
 * POST /api/Beneficiario/SituacaoDoPlano: the one notion every screen shares of "this profile's
 * plan" — its contract and profile, and since when its coverage ended (null: active). A
 * cancellation invalidates it (SITUACAO_DO_PLANO). Without a session it is never asked for.
 */
export function useSituacaoDoPlano() {
  const perfil = usePerfilAutenticado();
  return useQuery({
    queryKey: [...SITUACAO_DO_PLANO, perfil?.codigoSessao],
    queryFn: ({ signal }) =>
      api.post<SituacaoDoPlano>('/api/Beneficiario/SituacaoDoPlano', { perfilAutenticado: perfil! }, { signal }),
    enabled: perfil !== null,
    staleTime: 5 * 60_000,
    meta: { erro: false },
  });
}
