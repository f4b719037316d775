import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/Protocolos/BaixarAnexo: the PDF the operator attached to its answer (404 when none). */
export async function baixarAnexo(perfilAutenticado: PerfilAutenticado, protocolo: string): Promise<Blob> {
  const blob = await api.post<Blob>(
    '/api/Protocolos/BaixarAnexo',
    { perfilAutenticado, protocolo },
    { responseType: 'blob' },
  );
  if (!(blob instanceof Blob) || blob.size === 0 || !blob.type.includes('pdf')) {
    throw new ApiError({ kind: 'http', status: 200, code: 'DOCUMENTO_INVALIDO' });
  }
  return blob;
}

export function useBaixarAnexo() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (protocolo: string) => baixarAnexo(perfil!, protocolo),
    // docs/produto/financeiro.md "Messages": the documents' default toast.
    meta: {
      erro: { titulo: 'Erro ao baixar documento', mensagem: 'Não foi possível obter o anexo. Tente novamente.' },
    },
  });
}
