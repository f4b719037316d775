import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { salvarArquivo } from '@/lib/abrir-documento';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/Cancelamento/Comprovante: the proof of one cancellation (tagged PDF). */
export function baixarComprovante(perfilAutenticado: PerfilAutenticado, protocolo: string): Promise<Blob> {
  return api.post<Blob>('/api/Cancelamento/Comprovante', { perfilAutenticado, protocolo }, { responseType: 'blob' });
}

export function useBaixarComprovante() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (protocolo: string) =>
      salvarArquivo(await baixarComprovante(perfil!, protocolo), `comprovante-cancelamento-${protocolo}.pdf`),
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
  });
}
