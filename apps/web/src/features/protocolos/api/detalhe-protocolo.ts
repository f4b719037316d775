import type { DetalheProtocolo, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { protocolosKeys } from './keys';

/** POST /api/Protocolos/Detalhe: one protocol with its history, oldest first. */
export function detalheProtocolo(
  perfilAutenticado: PerfilAutenticado,
  protocolo: string,
  signal?: AbortSignal,
): Promise<DetalheProtocolo> {
  return api.post<DetalheProtocolo>('/api/Protocolos/Detalhe', { perfilAutenticado, protocolo }, { signal });
}

export const detalheProtocoloQuery = (perfil: PerfilAutenticado, protocolo: string) =>
  queryOptions({
    queryKey: protocolosKeys.detalhe(protocolo),
    queryFn: ({ signal }) => detalheProtocolo(perfil, protocolo, signal),
    // The page says what went wrong in place ('Protocolo não encontrado.' is an answer, not a fault).
    meta: { erro: false },
  });

export function useDetalheProtocolo(protocolo: string) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...detalheProtocoloQuery(perfil!, protocolo), enabled: perfil !== null });
}
