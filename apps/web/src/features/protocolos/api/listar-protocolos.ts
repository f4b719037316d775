import type { ListarProtocolosResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { protocolosKeys } from './keys';

/** Protocols a page shows; the API's maximum is 50. */
export const ITENS_POR_PAGINA = 10;

/** POST /api/Protocolos/Listar: newest first, a page at a time; `protocolo` ('' for all) keeps that number only. */
export function listarProtocolos(
  perfilAutenticado: PerfilAutenticado,
  busca: { protocolo: string; pagina: number },
  signal?: AbortSignal,
): Promise<ListarProtocolosResponse> {
  return api.post<ListarProtocolosResponse>(
    '/api/Protocolos/Listar',
    { perfilAutenticado, protocolo: busca.protocolo, pagina: busca.pagina, itensPagina: ITENS_POR_PAGINA },
    { signal },
  );
}

export const listarProtocolosQuery = (perfil: PerfilAutenticado, busca: { protocolo: string; pagina: number }) =>
  queryOptions({
    queryKey: protocolosKeys.lista(busca),
    queryFn: ({ signal }) => listarProtocolos(perfil, busca, signal),
    meta: { erro: { titulo: 'Erro ao carregar protocolos' } },
  });

export function useListarProtocolos(busca: { protocolo: string; pagina: number }) {
  const perfil = usePerfilAutenticado();
  return useQuery({
    ...listarProtocolosQuery(perfil!, busca),
    enabled: perfil !== null,
    // The next page of the same search keeps the current one on screen until it arrives; a new
    // search never shows the old results under its heading.
    placeholderData: (anterior, consulta) =>
      consulta?.queryKey[2]?.protocolo === busca.protocolo ? anterior : undefined,
  });
}
