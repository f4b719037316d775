import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { salvarArquivo } from '@/lib/abrir-documento';
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

export function useBaixarPdf() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (numeroCarteirinha: string) => {
      salvarArquivo(await baixarPdf(perfil!, numeroCarteirinha), `carteirinha-${numeroCarteirinha}.pdf`);
    },
    // docs/produto/financeiro.md "Messages": the documents' default toast.
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
  });
}
