import type { CodigoBarrasResponse, PerfilAutenticado } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { financeiroKeys } from './keys';

/** POST /api/Financeiro/CodigoBarras (docs/produto/financeiro.md, "Calls"): the boleto digits of an open installment. */
export function buscarCodigoBarras(
  PerfilAutenticado: PerfilAutenticado,
  codigoMensalidade: string,
  signal?: AbortSignal,
) {
  return api.post<CodigoBarrasResponse>(
    '/api/Financeiro/CodigoBarras',
    { PerfilAutenticado, codigoMensalidade },
    { signal },
  );
}

export const codigoBarrasQuery = (perfil: PerfilAutenticado, codigoMensalidade: string) =>
  queryOptions({
    queryKey: financeiroKeys.codigoBarras(codigoMensalidade),
    queryFn: ({ signal }) => buscarCodigoBarras(perfil, codigoMensalidade, signal),
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
    staleTime: Infinity,
  });

export function useCodigoBarras(codigoMensalidade: string) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...codigoBarrasQuery(perfil!, codigoMensalidade), enabled: perfil !== null });
}
