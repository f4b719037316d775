import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/CarteirinhaDigital/BaixarPdf: the card as a tagged PDF. */
export function baixarPdf(perfilAutenticado: PerfilAutenticado, numeroCarteirinha: string): Promise<Blob> {
  return api.post<Blob>(
    '/api/CarteirinhaDigital/BaixarPdf',
    { perfilAutenticado, numeroCarteirinha },
    { responseType: 'blob' },
  );
}

/** Saves a file under its name (the member asked to download it, so no new tab). */
export function salvarArquivo(blob: Blob, nome: string): void {
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

export function useBaixarPdf() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (numeroCarteirinha: string) => {
      salvarArquivo(await baixarPdf(perfil!, numeroCarteirinha), `carteirinha-${numeroCarteirinha}.pdf`);
    },
    // Spec 8 'Finance': the documents' default toast.
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
  });
}
