import { isApiError } from '../api-client';
import type { Mensagem } from './mensagens';

/**
 * Registration and code steps: the server's Portuguese message when it sent one (e.g. 422
 * CONTATO_DIVERGENTE, 429 wait, wrong code), else docs/produto/acesso.md "Messages" 'Erro de conexão / Erro no servidor.'
 */
export function mensagemErroRegistro(error: unknown, titulo = 'Não foi possível continuar'): Mensagem {
  if (isApiError(error) && error.kind === 'http' && error.serverMessage && error.status < 500) {
    return { title: titulo, description: error.serverMessage };
  }
  return { title: 'Erro de conexão', description: 'Erro no servidor. Tente novamente.' };
}

/** Seconds the server asked us to wait (429 AGUARDE_REENVIO / MUITAS_TENTATIVAS), if any. */
export function segundosDeEspera(error: unknown): number | null {
  return isApiError(error) && error.status === 429 ? (error.aguardarSegundos ?? null) : null;
}
