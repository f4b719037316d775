import type { OpcoesCancelamento, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { cancelamentoKeys } from './keys';

/** POST /api/Cancelamento/Opcoes: who may be cancelled, open installments, the consequences, past proofs. */
export function buscarOpcoes(perfilAutenticado: PerfilAutenticado, signal?: AbortSignal) {
  return api.post<OpcoesCancelamento>('/api/Cancelamento/Opcoes', { perfilAutenticado }, { signal });
}

export const opcoesQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: cancelamentoKeys.opcoes(),
    queryFn: ({ signal }) => buscarOpcoes(perfil, signal),
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
  });

export function useOpcoesCancelamento(habilitado: boolean) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...opcoesQuery(perfil!), enabled: perfil !== null && habilitado });
}
