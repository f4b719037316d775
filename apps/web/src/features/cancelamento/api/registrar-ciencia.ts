import type { CienciaCancelamentoRequest, CienciaCancelamentoResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** What is cancelled: the whole contract, or the chosen dependents (their codes only for DEPENDENTES). */
export type SelecaoCancelamento = Pick<CienciaCancelamentoRequest, 'abrangencia' | 'codigoMatriculasBeneficiariosAlvo'>;

/** POST /api/Cancelamento/RegistrarCiencia: 'Li e estou ciente das consequências' for this selection. */
export function registrarCiencia(perfilAutenticado: PerfilAutenticado, selecao: SelecaoCancelamento, versao: string) {
  return api.post<CienciaCancelamentoResponse>('/api/Cancelamento/RegistrarCiencia', {
    perfilAutenticado,
    ...selecao,
    cienteConsequencias: true,
    versaoConsequencias: versao,
  } satisfies CienciaCancelamentoRequest);
}

export function useRegistrarCiencia() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ selecao, versao }: { selecao: SelecaoCancelamento; versao: string }) =>
      registrarCiencia(perfil!, selecao, versao),
    meta: { erro: { titulo: 'Erro ao prosseguir' } },
  });
}
