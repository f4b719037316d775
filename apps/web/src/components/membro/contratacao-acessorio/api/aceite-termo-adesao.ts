import type { PerfilAutenticado, ServicoAdicional } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { caminho } from './caminho';

/** POST /api/Servicos/{…}/AceiteTermoAdesao: the member accepted the term and contract for these beneficiaries. */
export function aceitarTermo(perfilAutenticado: PerfilAutenticado, servico: ServicoAdicional, codigos: string[]) {
  return api.post<{ sucesso: boolean; mensagem: string }>(caminho(servico, 'AceiteTermoAdesao'), {
    perfilAutenticado,
    codigoMatriculasBeneficiariosAlvo: codigos,
  });
}

export function useAceiteTermoAdesao(servico: ServicoAdicional) {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (codigos: string[]) => aceitarTermo(perfil!, servico, codigos),
    meta: { erro: { titulo: 'Erro ao prosseguir' } },
  });
}
