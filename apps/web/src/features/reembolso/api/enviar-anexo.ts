import {
  type AnexoReembolso,
  CODIGO_SESSAO_HEADER,
  type DocumentoReembolso,
  type PerfilAutenticado,
} from '@portal/contract';
import { api, ApiError } from '@/lib/api-client';
import { config } from '@/lib/config';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotencia';

export interface EnvioDeAnexo {
  perfil: PerfilAutenticado;
  arquivo: Blob;
  nome: string;
  documento: DocumentoReembolso;
  /** The file's Idempotency-Key: the same on a retry, so the API keeps one attachment. */
  chave: string;
  /** 0..1 as the bytes leave the device. */
  onProgresso: (fracao: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/Reembolso/Anexos: the body is the file itself, sent with XMLHttpRequest because fetch
 * reports no upload progress. The session code goes in the x-codigo-sessao header.
 */
function enviar(e: EnvioDeAnexo, token: string | null): Promise<AnexoReembolso> {
  return new Promise((resolve, reject) => {
    // fetch reports no upload progress and lib/api-client sends JSON only: the one XHR of the app.
    // eslint-disable-next-line no-restricted-globals -- a file upload with its progress bar (issue 18)
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ documento: e.documento, nome: e.nome.slice(0, 200) });
    xhr.open('POST', `${config.apiBaseUrl}/api/Reembolso/Anexos?${query}`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', e.arquivo.type || 'application/octet-stream');
    xhr.setRequestHeader(CODIGO_SESSAO_HEADER, String(e.perfil.codigoSessao));
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, e.chave);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable && ev.total > 0) e.onProgresso(ev.loaded / ev.total);
    };
    const abortar = () => xhr.abort();
    e.signal?.addEventListener('abort', abortar, { once: true });
    const fim = () => e.signal?.removeEventListener('abort', abortar);
    xhr.onerror = () => {
      fim();
      reject(new ApiError({ kind: 'network' }));
    };
    xhr.onabort = () => {
      fim();
      reject(new DOMException('Envio cancelado.', 'AbortError'));
    };
    xhr.onload = () => {
      fim();
      let corpo: unknown;
      try {
        corpo = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        corpo = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        e.onProgresso(1);
        resolve(corpo as AnexoReembolso);
        return;
      }
      const o = corpo && typeof corpo === 'object' ? (corpo as Record<string, unknown>) : {};
      const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
      reject(
        new ApiError({
          kind: 'http',
          status: xhr.status,
          code: texto(o.code),
          serverMessage: texto(o.message) ?? texto(o.erro),
          body: corpo,
        }),
      );
    };
    xhr.send(e.arquivo);
  });
}

/**
 * Sends one attachment. A 401 about the app token (not the session) renews it through the api
 * client (one cheap call that regenerates it) and sends once more with the same key.
 */
export async function enviarAnexo(e: EnvioDeAnexo): Promise<AnexoReembolso> {
  try {
    return await enviar(e, api.getToken());
  } catch (erro) {
    if (!(erro instanceof ApiError) || erro.status !== 401 || erro.code === 'SESSAO_INVALIDA') throw erro;
    api.clearToken();
    await api.post('/api/Reembolso/Listar', { perfilAutenticado: e.perfil });
    e.onProgresso(0);
    return enviar(e, api.getToken());
  }
}
