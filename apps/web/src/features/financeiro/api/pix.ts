import type { PerfilAutenticado, PixResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { financeiroKeys } from './keys';

/** POST /api/Financeiro/Pix: the static PIX BR Code (copia e cola and QR) of an open installment. */
export function buscarPix(PerfilAutenticado: PerfilAutenticado, codigoMensalidade: string, signal?: AbortSignal) {
  return api.post<PixResponse>('/api/Financeiro/Pix', { PerfilAutenticado, codigoMensalidade }, { signal });
}

export const pixQuery = (perfil: PerfilAutenticado, codigoMensalidade: string) =>
  queryOptions({
    queryKey: financeiroKeys.pix(codigoMensalidade),
    queryFn: ({ signal }) => buscarPix(perfil, codigoMensalidade, signal),
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
    staleTime: Infinity,
  });

export function usePix(codigoMensalidade: string, enabled: boolean) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...pixQuery(perfil!, codigoMensalidade), enabled: enabled && perfil !== null });
}
