import { config, LIMITES_WEB } from './config';
import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from './storage';

/**
 * How a call failed. `http`: the server answered with an error status (see status/code);
 * `network`: no answer at all (offline, DNS, CORS); `timeout`: no answer within 30 s (docs/produto/comum.md, "Limits").
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** The one error the features see. `serverMessage` is the Portuguese text meant for the member. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** Seconds to wait before trying again (429 and code resends). */
  readonly aguardarSegundos: number | null;
  readonly body: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    code?: string | null;
    serverMessage?: string | null;
    aguardarSegundos?: number | null;
    body?: unknown;
  }) {
    super(init.serverMessage || `${init.kind} error${init.status ? ` ${init.status}` : ''}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage || null;
    this.aguardarSegundos = init.aguardarSegundos ?? null;
    this.body = init.body;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Empty values ('' / null / undefined) are not sent (docs/produto/comum.md, "Validation": empty filters are omitted). */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** 'blob' for PDFs; JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace Accept, Content-Type or Authorization. */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  baseUrl: string;
  clientUser: string;
  clientSecret: string;
  fetch?: typeof fetch;
  storage?: KeyValueStorage;
  timeoutMs?: number;
  credentials?: RequestCredentials;
}

const TOKEN_PATH = '/api/Token/GerarToken';

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${base}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      params.append(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toHttpError(res: Response): Promise<ApiError> {
  const body = await readBody(res);
  const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const retryAfter = Number(res.headers.get('Retry-After'));
  const wait =
    typeof obj.aguardarSegundos === 'number'
      ? obj.aguardarSegundos
      : Number.isFinite(retryAfter) && retryAfter > 0
        ? retryAfter
        : null;
  return new ApiError({
    kind: 'http',
    status: res.status,
    code: str(obj.code),
    serverMessage: str(obj.message) ?? str(obj.erro),
    aguardarSegundos: wait,
    body,
  });
}

/**
 * JSON client with the app's Bearer token. The token is loaded from storage or requested from
 * GerarToken; a 401 regenerates it once per request and retries. Requests that fail while a
 * regeneration is running wait for that same regeneration (one GerarToken for any number of
 * concurrent 401s). A failed regeneration clears the token. A 401 SESSAO_INVALIDA is about the
 * member's session, not the token: it is reported to `onSessionInvalid` and not retried.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const storage = options.storage ?? browserStorage();
  const timeoutMs = options.timeoutMs ?? LIMITES_WEB.apiTimeoutMs;
  const credentials = options.credentials ?? 'same-origin';

  let token: string | null = storage.getItem(STORAGE_KEYS.apiToken);
  let regenerating: Promise<string> | null = null;
  let sessionInvalidHandler: ((error: ApiError) => void) | null = null;

  async function send(path: string, opts: RequestOptions, bearer: string | null): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort);
    const headers: Record<string, string> = {
      ...opts.headers,
      Accept: opts.responseType === 'blob' ? '*/*' : 'application/json',
    };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    try {
      return await doFetch(buildUrl(options.baseUrl, path, opts.query), {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials,
        signal: controller.signal,
      });
    } catch (e) {
      if (timedOut) throw new ApiError({ kind: 'timeout' });
      if (opts.signal?.aborted) throw e;
      throw new ApiError({ kind: 'network' });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  function setToken(value: string | null): void {
    token = value;
    if (value) storage.setItem(STORAGE_KEYS.apiToken, value);
    else storage.removeItem(STORAGE_KEYS.apiToken);
  }

  /** Single-flight: every caller during a regeneration gets the same promise. */
  function regenerateToken(): Promise<string> {
    if (regenerating) return regenerating;
    regenerating = (async () => {
      try {
        const res = await send(
          TOKEN_PATH,
          { method: 'POST', body: { usuario: options.clientUser, senha: options.clientSecret } },
          null,
        );
        if (!res.ok) throw await toHttpError(res);
        const value = await readBody(res);
        if (typeof value !== 'string' || !value)
          throw new ApiError({ kind: 'http', status: res.status, code: 'TOKEN_INVALIDO' });
        setToken(value);
        return value;
      } catch (e) {
        setToken(null);
        throw e;
      } finally {
        regenerating = null;
      }
    })();
    return regenerating;
  }

  function currentToken(): Promise<string> {
    if (regenerating) return regenerating;
    if (token) return Promise.resolve(token);
    return regenerateToken();
  }

  async function parse<T>(res: Response, opts: RequestOptions): Promise<T> {
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    return (await readBody(res)) as T;
  }

  async function failure(res: Response): Promise<ApiError> {
    const error = await toHttpError(res);
    if (error.status === 401 && error.code === 'SESSAO_INVALIDA') sessionInvalidHandler?.(error);
    return error;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const used = await currentToken();
    const first = await send(path, opts, used);
    if (first.ok) return parse<T>(first, opts);
    if (first.status !== 401) throw await failure(first);

    const firstError = await toHttpError(first);
    if (firstError.code === 'SESSAO_INVALIDA') {
      sessionInvalidHandler?.(firstError);
      throw firstError;
    }
    // Our token was refused. If another request already replaced it, use the new one;
    // otherwise regenerate (or join the regeneration in progress). Retry exactly once.
    const fresh = !regenerating && token && token !== used ? token : await regenerateToken();
    const second = await send(path, opts, fresh);
    if (second.ok) return parse<T>(second, opts);
    throw await failure(second);
  }

  return {
    request,
    get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
      request<T>(path, { method: 'GET', query, signal }),
    post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
    /** Logout forgets the app token too (docs/produto/acesso.md, "States"). */
    clearToken: () => setToken(null),
    getToken: () => token,
    onSessionInvalid(handler: ((error: ApiError) => void) | null) {
      sessionInvalidHandler = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  baseUrl: config.apiBaseUrl,
  clientUser: config.apiClientUser,
  clientSecret: config.apiClientSecret,
});
