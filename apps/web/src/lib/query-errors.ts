import { isApiError } from './api-client';
import { toast } from './toast';

/** A docs/produto/comum.md "Messages" toast: 'Title / message'; the server's message wins when it sent one. */
export interface ErroPadrao {
  titulo: string;
  /** Used when the server sent no message. */
  mensagem?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `erro`: the call's default toast (each call file declares its own); false: the caller handles it. */
    queryMeta: { erro?: ErroPadrao | false };
    mutationMeta: { erro?: ErroPadrao | false };
  }
}

const CONEXAO = 'Não foi possível conectar ao servidor. Tente novamente.';

/** The message under a call's toast title, from the error and the call's default. */
export function mensagemDoErro(error: unknown, padrao?: string): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return 'Verifique sua conexão com a internet.';
    if (error.kind === 'timeout') return 'O servidor demorou a responder. Tente novamente.';
    if (error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return 'Erro interno do servidor. Tente novamente em alguns minutos.';
  }
  return padrao ?? CONEXAO;
}

/**
 * The QueryClient's one error handler: a failed call shows the toast its file declared (meta.erro),
 * not a global "something failed". An ended session is not toasted here: the session handler
 * already says 'Sessão encerrada' and leaves the area.
 */
export function toastErroDaChamada(error: unknown, meta: { erro?: ErroPadrao | false } | undefined): void {
  if (isApiError(error) && error.status === 401 && error.code === 'SESSAO_INVALIDA') return;
  const erro = meta?.erro;
  if (erro === false || !erro) return;
  toast.error(erro.titulo, { description: mensagemDoErro(error, erro.mensagem) });
}
