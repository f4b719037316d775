import type { ListarAcessosResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { meusDadosKeys } from './keys';

/** POST /api/MeusDados/Acessos: open sessions (devices) and recent sign-ins. */
export function listarAcessos(perfilAutenticado: PerfilAutenticado, signal?: AbortSignal) {
  return api.post<ListarAcessosResponse>('/api/MeusDados/Acessos', { perfilAutenticado }, { signal });
}

export const acessosQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: meusDadosKeys.acessos(),
    queryFn: ({ signal }) => listarAcessos(perfil, signal),
    meta: { erro: { titulo: 'Erro ao buscar acessos' } },
  });

export function useAcessos() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...acessosQuery(perfil!), enabled: !!perfil });
}
