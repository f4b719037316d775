import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/Protocolos/BaixarResposta: the protocol and its answer as a PDF (409 while unanswered). */
export async function baixarResposta(perfilAutenticado: PerfilAutenticado, protocolo: string): Promise<Blob> {
  const blob = await api.post<Blob>(
    '/api/Protocolos/BaixarResposta',
    { perfilAutenticado, protocolo },
    {
      responseType: 'blob',
    },
  );
  if (!(blob instanceof Blob) || blob.size === 0 || !blob.type.includes('pdf')) {
    throw new ApiError({ kind: 'http', status: 200, code: 'DOCUMENTO_INVALIDO' });
  }
  return blob;
}

export function useBaixarResposta() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (protocolo: string) => baixarResposta(perfil!, protocolo),
    // docs/produto/financeiro.md "Messages": the documents' default toast.
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o documento. Tente novamente.' },
    },
  });
}
