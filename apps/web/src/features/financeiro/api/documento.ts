import { api, ApiError } from '@/lib/api-client';
import type { ErroPadrao } from '@/lib/query-errors';

/** docs/produto/financeiro.md "Messages": what a failed document call says when the server sent no message of its own. */
export const ERRO_DOCUMENTO: ErroPadrao = {
  titulo: 'Erro ao gerar documento',
  mensagem: 'Não foi possível obter o documento. Tente novamente.',
};

/** POSTs a document call and answers the PDF (refusals come back as the JSON error, see api-client). */
export async function buscarPdf(path: string, body: object): Promise<Blob> {
  const blob = await api.post<Blob>(path, body, { responseType: 'blob' });
  if (!(blob instanceof Blob) || blob.size === 0 || !blob.type.includes('pdf')) {
    throw new ApiError({ kind: 'http', status: 200, code: 'DOCUMENTO_INVALIDO' });
  }
  return blob;
}
