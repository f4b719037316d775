import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { memoryStorage, STORAGE_KEYS } from './storage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: GerarToken hands out tok-1, tok-2…; other paths accept only `valid` tokens. */
function fakeServer(opts: { valid: (token: string) => boolean; tokenStatus?: () => number }) {
  let issued = 0;
  const calls: { path: string; auth: string | null }[] = [];
  const handler: Handler = (url, init) => {
    const path = new URL(url, 'http://x').pathname;
    const auth = new Headers(init.headers).get('Authorization');
    calls.push({ path, auth });
    if (path === '/api/Token/GerarToken') {
      const status = opts.tokenStatus?.() ?? 200;
      if (status !== 200)
        return json(status, {
          sucesso: false,
          code: 'CREDENCIAL_INVALIDA',
          message: 'Credencial inválida.',
          erro: 'Credencial inválida.',
        });
      issued += 1;
      return json(200, `tok-${issued}`);
    }
    const token = auth?.replace('Bearer ', '') ?? '';
    if (!opts.valid(token))
      return json(401, { sucesso: false, code: 'TOKEN_INVALIDO', message: 'Token inválido.', erro: 'Token inválido.' });
    return json(200, { ok: true, path, token });
  };
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    await new Promise((r) => setTimeout(r, 1));
    return handler(String(input), init ?? {});
  });
  return { fetchFn, calls, tokenCalls: () => calls.filter((c) => c.path === '/api/Token/GerarToken').length };
}

function client(fetchFn: typeof fetch, storage = memoryStorage(), timeoutMs?: number) {
  return createApiClient({
    baseUrl: '',
    clientUser: 'portal-web',
    clientSecret: 'portal-web-demo',
    fetch: fetchFn,
    storage,
    timeoutMs,
  });
}

describe('api client token handling', () => {
  it('requests a token when none is stored, keeps it, and sends it as Bearer', async () => {
    const server = fakeServer({ valid: (t) => t === 'tok-1' });
    const storage = memoryStorage();
    const api = client(server.fetchFn as unknown as typeof fetch, storage);
    const res = await api.post<{ token: string }>('/api/Login/VerificarCPF', { cpf: '52998224725' });
    expect(res.token).toBe('tok-1');
    expect(storage.getItem(STORAGE_KEYS.apiToken)).toBe('tok-1');
    expect(server.calls.map((c) => c.path)).toEqual(['/api/Token/GerarToken', '/api/Login/VerificarCPF']);
    const init = server.fetchFn.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ usuario: 'portal-web', senha: 'portal-web-demo' });
    expect(init.credentials).toBe('same-origin');
  });

  it('uses the stored token without asking for a new one', async () => {
    const server = fakeServer({ valid: (t) => t === 'stored' });
    const api = client(server.fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'stored' }));
    await api.get('/api/x');
    expect(server.tokenCalls()).toBe(0);
  });

  it('on 401 regenerates once and retries the request with the new token', async () => {
    const server = fakeServer({ valid: (t) => t === 'tok-1' });
    const storage = memoryStorage({ [STORAGE_KEYS.apiToken]: 'expired' });
    const api = client(server.fetchFn as unknown as typeof fetch, storage);
    const res = await api.post<{ token: string }>('/api/a', {});
    expect(res.token).toBe('tok-1');
    expect(server.calls.map((c) => `${c.path} ${c.auth}`)).toEqual([
      '/api/a Bearer expired',
      '/api/Token/GerarToken null',
      '/api/a Bearer tok-1',
    ]);
    expect(storage.getItem(STORAGE_KEYS.apiToken)).toBe('tok-1');
  });

  it('concurrent 401s wait for a single regeneration and all retry with the new token', async () => {
    const server = fakeServer({ valid: (t) => t === 'tok-1' });
    const api = client(
      server.fetchFn as unknown as typeof fetch,
      memoryStorage({ [STORAGE_KEYS.apiToken]: 'expired' }),
    );
    const results = await Promise.all(
      ['/api/a', '/api/b', '/api/c', '/api/d'].map((p) => api.post<{ token: string; path: string }>(p, {})),
    );
    expect(results.map((r) => r.token)).toEqual(['tok-1', 'tok-1', 'tok-1', 'tok-1']);
    expect(server.tokenCalls()).toBe(1);
    for (const p of ['/api/a', '/api/b', '/api/c', '/api/d']) {
      expect(server.calls.filter((c) => c.path === p).map((c) => c.auth)).toEqual(['Bearer expired', 'Bearer tok-1']);
    }
  });

  it('a request whose 401 arrives after another request already regenerated reuses that token', async () => {
    let slowDone!: () => void;
    const gate = new Promise<void>((r) => (slowDone = r));
    const server = fakeServer({ valid: (t) => t === 'tok-1' });
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/slow') && new Headers(init?.headers).get('Authorization') === 'Bearer old')
        await gate;
      return server.fetchFn(input, init);
    });
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'old' }));
    const slow = api.get<{ token: string }>('/api/slow');
    await api.get('/api/fast'); // 401 -> regenerates tok-1 -> retried
    slowDone();
    expect((await slow).token).toBe('tok-1');
    expect(server.tokenCalls()).toBe(1);
  });

  it('retries only once: a second 401 becomes an ApiError', async () => {
    const server = fakeServer({ valid: () => false });
    const api = client(server.fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'x' }));
    const error = await api.get('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      code: 'TOKEN_INVALIDO',
      serverMessage: 'Token inválido.',
    });
    expect(server.calls.filter((c) => c.path === '/api/a')).toHaveLength(2);
    expect(server.tokenCalls()).toBe(1);
  });

  it('clears the token when regeneration fails, and every waiting request fails', async () => {
    const server = fakeServer({ valid: () => false, tokenStatus: () => 401 });
    const storage = memoryStorage({ [STORAGE_KEYS.apiToken]: 'expired' });
    const api = client(server.fetchFn as unknown as typeof fetch, storage);
    const outcomes = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(server.tokenCalls()).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.apiToken)).toBeNull();
    expect(api.getToken()).toBeNull();
  });

  it('does not retry a 401 SESSAO_INVALIDA and reports it to the session handler', async () => {
    const fetchFn = vi.fn(async () =>
      json(401, {
        sucesso: false,
        code: 'SESSAO_INVALIDA',
        message: 'Sessão inválida ou expirada. Faça login novamente.',
        erro: 'x',
      }),
    );
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }));
    const seen: ApiError[] = [];
    api.onSessionInvalid((e) => seen.push(e));
    const error = await api.post('/api/Autorizacoes/Beneficiarios', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'SESSAO_INVALIDA',
      serverMessage: 'Sessão inválida ou expirada. Faça login novamente.',
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });
});

describe('api client errors', () => {
  it('maps error bodies: message first, then erro, plus the wait of a 429', async () => {
    const fetchFn = vi.fn(async () =>
      json(429, {
        sucesso: false,
        code: 'MUITAS_TENTATIVAS',
        message: 'Muitas tentativas. Aguarde 30 segundos.',
        erro: 'outro',
        aguardarSegundos: 30,
      }),
    );
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }));
    const error = await api.post('/api/Login/PerfisDaConta', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      code: 'MUITAS_TENTATIVAS',
      serverMessage: 'Muitas tentativas. Aguarde 30 segundos.',
      aguardarSegundos: 30,
    });

    const fetchErro = vi.fn(async () => json(500, { erro: 'Só erro' }));
    const api2 = client(fetchErro as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }));
    expect(await api2.get('/api/x').catch((e: unknown) => e)).toMatchObject({
      status: 500,
      serverMessage: 'Só erro',
      code: null,
    });
  });

  it('a failed fetch is a network error', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }));
    expect(await api.get('/api/x').catch((e: unknown) => e)).toMatchObject({ kind: 'network', status: 0 });
  });

  it('aborts after the timeout', async () => {
    const fetchFn = vi.fn(
      (_: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }), 20);
    expect(await api.get('/api/x').catch((e: unknown) => e)).toMatchObject({ kind: 'timeout' });
  });

  it('sends query values and skips empty ones', async () => {
    const fetchFn = vi.fn(async () => json(200, []));
    const api = client(fetchFn as unknown as typeof fetch, memoryStorage({ [STORAGE_KEYS.apiToken]: 'ok' }));
    await api.get('/api/GuiaMedico/Prestadores', {
      codigoCidade: 1,
      nomeCredenciado: '',
      codigoEspecialidade: undefined,
      pagina: 1,
    });
    expect(String((fetchFn.mock.calls[0] as unknown[])[0])).toBe('/api/GuiaMedico/Prestadores?codigoCidade=1&pagina=1');
  });

  it('sends extra headers (Idempotency-Key) on the first try and on the retry after a 401, never over the token', async () => {
    const server = fakeServer({ valid: (t) => t === 'tok-1' });
    const api = client(
      server.fetchFn as unknown as typeof fetch,
      memoryStorage({ [STORAGE_KEYS.apiToken]: 'expired' }),
    );
    await api.post(
      '/api/Venda/AdicionarDependente',
      {},
      {
        headers: { 'Idempotency-Key': 'k-1', Authorization: 'Bearer forged' },
      },
    );
    const sent = server.fetchFn.mock.calls
      .map((c) => new Headers((c[1] as RequestInit).headers))
      .filter((_, i) => !String(server.fetchFn.mock.calls[i]?.[0]).includes('GerarToken'));
    expect(sent.map((h) => h.get('Idempotency-Key'))).toEqual(['k-1', 'k-1']);
    expect(sent.map((h) => h.get('Authorization'))).toEqual(['Bearer expired', 'Bearer tok-1']);
  });
});
