import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { usePerfilAutenticado } from '@/lib/membro';
import { buscarPdf, ERRO_DOCUMENTO } from './documento';

/** POST /api/Financeiro/DeclaracaoQuitacao: the Lei 12.007/2009 debt-clearance letter of a finished year. */
export function baixarDeclaracaoQuitacao(PerfilAutenticado: PerfilAutenticado, ano: number): Promise<Blob> {
  return buscarPdf('/api/Financeiro/DeclaracaoQuitacao', { PerfilAutenticado, ano });
}

export function useDeclaracaoQuitacao() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (ano: number) => baixarDeclaracaoQuitacao(perfil!, ano),
    meta: { erro: ERRO_DOCUMENTO },
  });
}
