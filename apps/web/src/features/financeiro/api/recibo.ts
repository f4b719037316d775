import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { usePerfilAutenticado } from '@/lib/membro';
import { buscarPdf, ERRO_DOCUMENTO } from './documento';

/** POST /api/Financeiro/Recibo: the receipt PDF of a paid installment ('Ver Recibo'). */
export function baixarRecibo(PerfilAutenticado: PerfilAutenticado, codigoMensalidade: string): Promise<Blob> {
  return buscarPdf('/api/Financeiro/Recibo', { PerfilAutenticado, codigoMensalidade });
}

export function useRecibo() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (codigoMensalidade: string) => baixarRecibo(perfil!, codigoMensalidade),
    meta: { erro: ERRO_DOCUMENTO },
  });
}
