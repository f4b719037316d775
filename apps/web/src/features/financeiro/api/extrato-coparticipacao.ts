import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { usePerfilAutenticado } from '@/lib/membro';
import { buscarPdf, ERRO_DOCUMENTO } from './documento';

/** POST /api/Financeiro/ExtratoCoParticipacao (docs/produto/financeiro.md, "Calls"): the statement PDF of one competence ('Baixar Extrato'). */
export function baixarExtratoCoParticipacao(
  PerfilAutenticado: PerfilAutenticado,
  c: { anoCompetencia: number; mesCompetencia: number },
): Promise<Blob> {
  return buscarPdf('/api/Financeiro/ExtratoCoParticipacao', { PerfilAutenticado, ...c });
}

export function useExtratoCoParticipacao() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (c: { anoCompetencia: number; mesCompetencia: number }) => baixarExtratoCoParticipacao(perfil!, c),
    meta: { erro: ERRO_DOCUMENTO },
  });
}
