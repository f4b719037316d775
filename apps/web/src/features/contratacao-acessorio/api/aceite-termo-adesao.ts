import type {
  AceiteTermoAdesaoRequest,
  AceiteTermoAdesaoResponse,
  PerfilAutenticado,
  ServicoAdicional,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { caminho } from './caminho';

/** POST /api/Servicos/{…}/AceiteTermoAdesao: the member accepted the term and contract for these beneficiaries. */
export function aceitarTermo(perfilAutenticado: PerfilAutenticado, servico: ServicoAdicional, codigos: string[]) {
  return api.post<AceiteTermoAdesaoResponse>(caminho(servico, 'AceiteTermoAdesao'), {
    perfilAutenticado,
    codigoMatriculasBeneficiariosAlvo: codigos,
  } satisfies AceiteTermoAdesaoRequest);
}

export function useAceiteTermoAdesao(servico: ServicoAdicional) {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (codigos: string[]) => aceitarTermo(perfil!, servico, codigos),
    meta: { erro: { titulo: 'Erro ao prosseguir' } },
  });
}
