import type { FilaAtendimentoResponse } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento, type FiltrosFila } from './keys';

export type { FiltrosFila };

/** GET /api/atendimento/protocolos: the queue, by deadline (overdue first). */
export const filaQuery = (filtros: FiltrosFila) =>
  queryOptions({
    queryKey: chavesAtendimento.fila(filtros),
    queryFn: ({ signal }) =>
      chamar<FilaAtendimentoResponse>('/protocolos', { query: { ...filtros, limite: 100 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useFila = (filtros: FiltrosFila) => useQuery(filaQuery(filtros));
