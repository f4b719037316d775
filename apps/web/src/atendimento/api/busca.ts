import type { BuscaAtendimentoResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** GET /api/atendimento/busca: the people one text finds (every search is an audit row: no refetching by itself). */
export const buscaQuery = (q: string) =>
  queryOptions({
    queryKey: chavesAtendimento.busca(q),
    queryFn: ({ signal }) => chamar<BuscaAtendimentoResponse>('/busca', { query: { q }, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    meta: { erro: false },
  });

export const useBusca = (q: string, ativa: boolean) => useQuery({ ...buscaQuery(q), enabled: ativa });
