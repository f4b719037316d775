import type { OfertaServico, PerfilAutenticado, ServicoAdicional } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { caminho } from './caminho';
import { contratacaoKeys } from './keys';

/** POST /api/Servicos/{…}/Beneficiarios: who may be included, the price, the start and the documents. */
export function buscarOferta(perfilAutenticado: PerfilAutenticado, servico: ServicoAdicional, signal?: AbortSignal) {
  return api.post<OfertaServico>(caminho(servico, 'Beneficiarios'), { perfilAutenticado }, { signal });
}

export const ofertaQuery = (perfil: PerfilAutenticado, servico: ServicoAdicional) =>
  queryOptions({
    queryKey: contratacaoKeys.oferta(servico),
    queryFn: ({ signal }) => buscarOferta(perfil, servico, signal),
    meta: { erro: { titulo: 'Erro ao buscar beneficiários' } },
  });

export function useOferta(servico: ServicoAdicional) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...ofertaQuery(perfil!, servico), enabled: perfil !== null });
}
