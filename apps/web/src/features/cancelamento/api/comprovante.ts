import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/Cancelamento/Comprovante: the proof of one cancellation (tagged PDF). */
export function baixarComprovante(perfilAutenticado: PerfilAutenticado, protocolo: string): Promise<Blob> {
  return api.post<Blob>('/api/Cancelamento/Comprovante', { perfilAutenticado, protocolo }, { responseType: 'blob' });
}

/** Saves the file under its name (the member asked to download it). */
function salvar(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useBaixarComprovante() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (protocolo: string) =>
      salvar(await baixarComprovante(perfil!, protocolo), `comprovante-cancelamento-${protocolo}.pdf`),
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
  });
}
