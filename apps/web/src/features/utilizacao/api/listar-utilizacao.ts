import type {
  ItemUtilizacao,
  ListarUtilizacaoRequest,
  ListarUtilizacaoResponse,
  PerfilAutenticado,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { utilizacaoKeys } from './keys';

export interface Historico {
  procedimentos: ItemUtilizacao[];
  /** The server's erro or mensagem, shown as 'Aviso sobre o Histórico' when the list is empty. */
  aviso: string | null;
}

/**
 * POST /api/utilizacao/ListarUtilizacao (docs/produto/utilizacao.md, "Data", "Calls"): the list is in response.procedimentos, or
 * the response itself is the list; an erro or mensagem may come along.
 */
export async function listarUtilizacao(
  perfilAutenticado: PerfilAutenticado,
  codigoBeneficiario: string,
  signal?: AbortSignal,
): Promise<Historico> {
  // `erro` is the other field an operator's API may carry the same note in (docs/produto/utilizacao.md, "Data").
  const r = await api.post<ItemUtilizacao[] | (Partial<ListarUtilizacaoResponse> & { erro?: string }) | null>(
    '/api/utilizacao/ListarUtilizacao',
    { perfilAutenticado, codigoBeneficiario } satisfies ListarUtilizacaoRequest,
    { signal },
  );
  if (Array.isArray(r)) return { procedimentos: r, aviso: null };
  const aviso = (r?.erro || r?.mensagem || '').trim();
  return { procedimentos: r?.procedimentos ?? [], aviso: aviso || null };
}

export const listarUtilizacaoQuery = (perfil: PerfilAutenticado, codigoBeneficiario: string) =>
  queryOptions({
    queryKey: utilizacaoKeys.lista(codigoBeneficiario),
    queryFn: ({ signal }) => listarUtilizacao(perfil, codigoBeneficiario, signal),
    meta: { erro: { titulo: 'Erro ao buscar histórico' } },
  });

export function useListarUtilizacao(codigoBeneficiario: string | null) {
  const perfil = usePerfilAutenticado();
  return useQuery({
    ...listarUtilizacaoQuery(perfil!, codigoBeneficiario ?? ''),
    enabled: perfil !== null && codigoBeneficiario !== null,
  });
}
