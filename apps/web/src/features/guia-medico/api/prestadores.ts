import type { PrestadoresResponse } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ITENS_POR_PAGINA, type FiltroDaBusca } from '../busca';
import { guiaMedicoKeys } from './keys';

const VAZIO: PrestadoresResponse = { especialidades: [], paginaAtual: 1, totalPaginas: 0, totalRegistros: 0 };

/**
 * GET /api/GuiaMedico/Prestadores (docs/produto/guia-medico.md, "Calls"). Empty filters are not sent (docs/produto/guia-medico.md, "Validation": the API client
 * drops empty values); somenteOdonto=false as that page's call sends it ("Calls").
 */
export async function buscarPrestadores(filtro: FiltroDaBusca, signal?: AbortSignal): Promise<PrestadoresResponse> {
  const r = await api.get<Partial<PrestadoresResponse> | null>(
    '/api/GuiaMedico/Prestadores',
    {
      codigoCidade: filtro.cidade,
      codigoEspecialidade: filtro.especialidade,
      nomeCredenciado: filtro.busca,
      pagina: filtro.pagina,
      itensPagina: ITENS_POR_PAGINA,
      somenteOdonto: false,
    },
    signal,
  );
  return { ...VAZIO, paginaAtual: filtro.pagina, ...r, especialidades: r?.especialidades ?? [] };
}

export const prestadoresQuery = (filtro: FiltroDaBusca) =>
  queryOptions({
    queryKey: guiaMedicoKeys.prestadores(filtro),
    queryFn: ({ signal }) => buscarPrestadores(filtro, signal),
    meta: { erro: { titulo: 'Erro ao buscar prestadores. Tente novamente.' } },
    staleTime: 5 * 60_000,
  });

/** The search in the URL; nothing is asked before the member searches once. */
export function usePrestadores(filtro: FiltroDaBusca | null) {
  return useQuery({
    ...prestadoresQuery(filtro ?? { pagina: 1 }),
    enabled: filtro !== null,
    // The previous page stays on screen (marked busy) while the next one arrives.
    placeholderData: keepPreviousData,
  });
}
