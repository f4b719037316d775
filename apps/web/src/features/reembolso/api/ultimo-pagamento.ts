import type { PerfilAutenticado, UltimoPagamentoResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { reembolsoKeys } from './keys';

/**
 * POST /api/Reembolso/UltimoPagamento (issue 31): the payment data of the member's last request and
 * the holder's CPF as a PIX key, which the new request starts with. Asked each time the form opens
 * and dropped from memory when it closes: bank data stays on the server, never in the browser's
 * storage (a shared phone).
 */
export const ultimoPagamentoQuery = (perfilAutenticado: PerfilAutenticado) =>
  queryOptions({
    queryKey: reembolsoKeys.ultimoPagamento(),
    queryFn: ({ signal }) =>
      api.post<UltimoPagamentoResponse>('/api/Reembolso/UltimoPagamento', { perfilAutenticado }, { signal }),
    gcTime: 0,
    // Without it the member types the data, as before: no toast for what is only a convenience.
    meta: { erro: false },
  });

export function useUltimoPagamento() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...ultimoPagamentoQuery(perfil!), enabled: perfil !== null });
}
