import type { ListarConsentimentosResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { meusDadosKeys } from './keys';

/** POST /api/MeusDados/Consentimentos: every consent the member gave, newest first. */
export function listarConsentimentos(perfilAutenticado: PerfilAutenticado, signal?: AbortSignal) {
  return api.post<ListarConsentimentosResponse>('/api/MeusDados/Consentimentos', { perfilAutenticado }, { signal });
}

export const consentimentosQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: meusDadosKeys.consentimentos(),
    queryFn: ({ signal }) => listarConsentimentos(perfil, signal),
    meta: { erro: { titulo: 'Erro ao buscar consentimentos' } },
  });

export function useConsentimentos() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...consentimentosQuery(perfil!), enabled: !!perfil });
}
