import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { usePerfilAutenticado } from '@/lib/membro';
import { buscarPdf, ERRO_DOCUMENTO } from './documento';

/** POST /api/Financeiro/BaixarBoleto (docs/produto/financeiro.md, "Calls"): the boleto PDF of an open installment. */
export function baixarBoleto(PerfilAutenticado: PerfilAutenticado, codigoMensalidade: string): Promise<Blob> {
  return buscarPdf('/api/Financeiro/BaixarBoleto', { PerfilAutenticado, codigoMensalidade });
}

export function useBaixarBoleto() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (codigoMensalidade: string) => baixarBoleto(perfil!, codigoMensalidade),
    meta: { erro: ERRO_DOCUMENTO },
  });
}
