import type { PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isApiError } from '@/lib/api-client';
import { listaDaResposta } from '@/lib/api/lista';
import { usePerfilAutenticado } from '@/lib/membro';
import { type CartaoDigital, paraCartaoDigital } from '../components/cartoes';
import { carteirinhaKeys } from './keys';

/**
 * POST /api/Carteirinha/ListarCarteirinhas (docs/produto/informacoes.md, "Calls"): every card the member may see, their own
 * first — a list, or a list in `dados` (docs/produto/informacoes.md, "Data") — reduced to what the digital card shows.
 */
export async function listarCartoes(
  perfilAutenticado: PerfilAutenticado,
  signal?: AbortSignal,
): Promise<CartaoDigital[]> {
  const r = await api.post<unknown>('/api/Carteirinha/ListarCarteirinhas', { perfilAutenticado }, { signal });
  return listaDaResposta(r).flatMap((c) =>
    c && typeof c === 'object' && !Array.isArray(c) ? (paraCartaoDigital(c as Record<string, unknown>) ?? []) : [],
  );
}

export const listarCartoesQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: carteirinhaKeys.cartoes(),
    queryFn: ({ signal }) => listarCartoes(perfil, signal),
    // docs/produto/informacoes.md "Messages": a card data failure is only logged (the page says it inline and shows the card kept
    // on this device, if any).
    meta: { erro: false },
    staleTime: 5 * 60_000,
  });

export function useCartoes() {
  const perfil = usePerfilAutenticado();
  const query = useQuery({ ...listarCartoesQuery(perfil!), enabled: perfil !== null });
  useEffect(() => {
    const e = query.error;
    // An ended session is said by the session itself; no network is the offline case, not a fault.
    if (e && !(isApiError(e) && (e.code === 'SESSAO_INVALIDA' || e.kind === 'network')))
      console.error('Erro ao carregar dados da carteirinha', e);
  }, [query.error]);
  return query;
}
