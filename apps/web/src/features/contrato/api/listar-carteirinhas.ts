import type { PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isApiError } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { contratoKeys } from './keys';
import { type CarteirinhaRecebida, carteirinhasDaResposta } from './resposta';

/** POST /api/Carteirinha/ListarCarteirinhas (docs/produto/informacoes.md, "Calls"): the cards the member may see, their own first. */
export async function listarCarteirinhas(
  perfilAutenticado: PerfilAutenticado,
  signal?: AbortSignal,
): Promise<CarteirinhaRecebida[]> {
  const r = await api.post<unknown>('/api/Carteirinha/ListarCarteirinhas', { perfilAutenticado }, { signal });
  return carteirinhasDaResposta(r);
}

export const listarCarteirinhasQuery = (perfil: PerfilAutenticado) =>
  queryOptions({
    queryKey: contratoKeys.carteirinhas(),
    queryFn: ({ signal }) => listarCarteirinhas(perfil, signal),
    // docs/produto/informacoes.md "Messages": a card data failure is only logged, not toasted (useCarteirinha logs it; the page
    // says it inline, next to what the login already knows).
    meta: { erro: false },
    staleTime: 5 * 60_000,
  });

/** The member's own card data (the first item, docs/produto/informacoes.md "Data"). */
export function useCarteirinha() {
  const perfil = usePerfilAutenticado();
  const query = useQuery({
    ...listarCarteirinhasQuery(perfil!),
    enabled: perfil !== null,
    select: (lista) => lista[0] ?? null,
  });
  useEffect(() => {
    const e = query.error;
    // An ended session is handled (and said) by the session itself.
    if (e && !(isApiError(e) && e.code === 'SESSAO_INVALIDA'))
      console.error('Erro ao carregar dados da carteirinha', e);
  }, [query.error]);
  return query;
}
