import { isApiError } from '@/lib/api-client';
import { mensagemDoErro } from '@/lib/query-errors';

/**
 * Uploads that fail for want of a connection (issue 31): the file waits, says so, and goes again by
 * itself when the browser is back online, together with every other file that failed that way. The
 * rules are here, apart from React, so that they can be tested; use-anexos.ts wires them to the
 * `online` event.
 */

/** 'aguardando': the connection dropped while offline; it goes again when the browser is online. */
export type EstadoDoEnvio = 'enviando' | 'enviado' | 'erro' | 'aguardando';

export interface Falha {
  estado: 'erro' | 'aguardando';
  erro: string;
  /** A retry may succeed (a dropped connection, a timeout); a refusal (type, size, virus) may not. */
  podeTentarDeNovo: boolean;
  /** The connection failed (not the server): the file goes again when the browser is back online. */
  rede: boolean;
}

export const SEM_CONEXAO = 'Sem conexão. O arquivo será enviado quando a conexão voltar.';

/** What the member reads when a file did not arrive; `online`: navigator.onLine when it failed. */
export function falhaDoEnvio(e: unknown, online: boolean): Falha {
  if (isApiError(e) && e.kind === 'http' && e.status < 500 && e.status !== 408 && e.status !== 429) {
    return { estado: 'erro', erro: e.serverMessage ?? 'O arquivo foi recusado.', podeTentarDeNovo: false, rede: false };
  }
  if (isApiError(e) && e.kind === 'network') {
    if (!online) return { estado: 'aguardando', erro: SEM_CONEXAO, podeTentarDeNovo: true, rede: true };
    return {
      estado: 'erro',
      erro: 'A conexão caiu durante o envio. Tente novamente: o arquivo não será duplicado.',
      podeTentarDeNovo: true,
      rede: true,
    };
  }
  return { estado: 'erro', erro: mensagemDoErro(e), podeTentarDeNovo: true, rede: false };
}

/**
 * The files to send again when the connection returns: those in the list (a file the member removed
 * is no longer there) that failed for want of a connection, except any already on its way again (the
 * connection flapping fires `online` twice; each file's Idempotency-Key covers what slips through).
 */
export function paraReenviar<T extends { local: string; estado: EstadoDoEnvio; rede?: boolean }>(
  itens: readonly T[],
  emEnvio: ReadonlySet<string>,
): T[] {
  return itens.filter((i) => (i.estado === 'aguardando' || (i.estado === 'erro' && i.rede)) && !emEnvio.has(i.local));
}

/** Said (aria-live) when the connection returns with files to send again. */
export function avisoDoReenvio(n: number): string {
  return n === 1
    ? 'A conexão voltou. Enviando de novo 1 arquivo.'
    : `A conexão voltou. Enviando de novo ${n} arquivos.`;
}

/** Said (aria-live) when the connection drops with files waiting. */
export const AVISO_SEM_CONEXAO = 'Sem conexão. Os arquivos não enviados serão enviados quando a conexão voltar.';
