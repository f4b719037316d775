import type { AbrangenciaCancelamento, PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

export interface SelecaoCancelamento {
  abrangencia: AbrangenciaCancelamento;
  /** Only for DEPENDENTES. */
  codigoMatriculasBeneficiariosAlvo?: string[];
}

/** POST /api/Cancelamento/RegistrarCiencia: 'Li e estou ciente das consequências' for this selection. */
export function registrarCiencia(perfilAutenticado: PerfilAutenticado, selecao: SelecaoCancelamento, versao: string) {
  return api.post<{ sucesso: boolean; mensagem: string }>('/api/Cancelamento/RegistrarCiencia', {
    perfilAutenticado,
    ...selecao,
    cienteConsequencias: true,
    versaoConsequencias: versao,
  });
}

export function useRegistrarCiencia() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ selecao, versao }: { selecao: SelecaoCancelamento; versao: string }) =>
      registrarCiencia(perfil!, selecao, versao),
    meta: { erro: { titulo: 'Erro ao prosseguir' } },
  });
}
