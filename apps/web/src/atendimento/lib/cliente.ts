import { ApiError } from '@/lib/api-client';
import { LIMITES_WEB } from '@/lib/config';

/**
 * The staff console's calls to /api/atendimento (issue 17). No app token and no member session:
 * the staff session is the HttpOnly cookie `pb_equipe` (path /api/atendimento), and every call
 * carries `x-portal-equipe: 1`, the API's CSRF guard for this group (a form or an <img> on another
 * site cannot add a header). A 401 means the staff session is over (idle timeout, 10 h, 'Sair'
 * elsewhere): `aoExpirar` sends the console back to 'entrar'.
 */
type Valor = string | number | boolean | null | undefined;

let aoExpirar: ((e: ApiError) => void) | null = null;
/** Called once per 401 outside the sign-in steps; the session context registers it. */
export function quandoSessaoExpirar(handler: ((e: ApiError) => void) | null): void {
  aoExpirar = handler;
}

function url(path: string, query?: Record<string, Valor>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  const qs = params.toString();
  return `/api/atendimento${path}${qs ? `?${qs}` : ''}`;
}

async function corpo(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

interface Opcoes {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, Valor>;
  body?: unknown;
  /** The sign-in steps answer 401 for a wrong password or code: that is not an expired session. */
  semExpirar?: boolean;
  signal?: AbortSignal;
}

export async function chamar<T>(path: string, opts: Opcoes = {}): Promise<T> {
  const controller = new AbortController();
  let estourou = false;
  const timer = setTimeout(() => {
    estourou = true;
    controller.abort();
  }, LIMITES_WEB.apiTimeoutMs);
  opts.signal?.addEventListener('abort', () => controller.abort());
  let res: Response;
  try {
    res = await fetch(url(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers: {
        Accept: 'application/json',
        'x-portal-equipe': '1',
        ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (e) {
    if (estourou) throw new ApiError({ kind: 'timeout' });
    if (opts.signal?.aborted) throw e;
    throw new ApiError({ kind: 'network' });
  } finally {
    clearTimeout(timer);
  }
  const body = await corpo(res);
  if (res.ok) return body as T;
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const erro = new ApiError({
    kind: 'http',
    status: res.status,
    code: texto(o.codigo) ?? texto(o.code),
    serverMessage: texto(o.mensagem) ?? texto(o.message) ?? texto(o.erro),
    body,
  });
  if (res.status === 401 && !opts.semExpirar) aoExpirar?.(erro);
  throw erro;
}

/** The server's Portuguese message, or a default one for the kind of failure. */
export function mensagemDeErro(e: unknown, padrao = 'Não foi possível concluir. Tente novamente.'): string {
  if (e instanceof ApiError) {
    if (e.kind === 'network') return 'Sem conexão com o servidor. Verifique a rede e tente novamente.';
    if (e.kind === 'timeout') return 'O servidor demorou a responder. Tente novamente.';
    if (e.serverMessage) return e.serverMessage;
  }
  return padrao;
}

/** A file of the console (an attachment) as a Blob: same cookie and header; a 401 ends the session. */
export async function baixarArquivo(path: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url(path), { headers: { 'x-portal-equipe': '1' }, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ kind: 'network' });
  }
  if (res.ok) return res.blob();
  const erro = new ApiError({ kind: 'http', status: res.status, code: null, serverMessage: null, body: null });
  if (res.status === 401) aoExpirar?.(erro);
  throw erro;
}
