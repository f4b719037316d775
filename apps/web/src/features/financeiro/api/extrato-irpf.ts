import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { usePerfilAutenticado } from '@/lib/membro';
import { buscarPdf, ERRO_DOCUMENTO } from './documento';

/** POST /api/Financeiro/ExtratoIRPF (docs/produto/financeiro.md, "Calls"): the IRPF informe PDF of a year. */
export function baixarExtratoIrpf(PerfilAutenticado: PerfilAutenticado, ano: number): Promise<Blob> {
  return buscarPdf('/api/Financeiro/ExtratoIRPF', { PerfilAutenticado, ano });
}

export function useExtratoIrpf() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (ano: number) => baixarExtratoIrpf(perfil!, ano),
    meta: { erro: { ...ERRO_DOCUMENTO, titulo: 'Erro ao gerar IRPF' } },
  });
}
