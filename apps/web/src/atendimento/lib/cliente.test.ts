import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { chamar, mensagemDeErro, quandoSessaoExpirar } from './cliente';
import { destinoDepoisDeEntrar } from './destino';
import { OCIOSIDADE_MS, ociosidadeDaSessao } from './sessao';

function resposta(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  quandoSessaoExpirar(null);
});

describe('the console client', () => {
  it('calls /api/atendimento with the CSRF header, the cookie and JSON; empty filters are not sent', async () => {
    const fetch = vi.fn(async (..._a: Parameters<typeof globalThis.fetch>) => resposta(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    expect(await chamar('/protocolos', { query: { situacao: 'abertos', tipo: '', busca: undefined } })).toEqual({
      ok: 1,
    });
    await chamar('/protocolos/1/acoes', { body: { acao: 'responder' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/atendimento/protocolos?situacao=abertos');
    expect(new Headers(init!.headers).get('x-portal-equipe')).toBe('1');
    expect(init!.credentials).toBe('same-origin');
    expect(init!.method).toBe('GET');
    const [, post] = fetch.mock.calls[1]!;
    expect(post!.method).toBe('POST');
    expect(new Headers(post!.headers).get('x-portal-equipe')).toBe('1');
    expect(new Headers(post!.headers).get('content-type')).toBe('application/json');
    expect(post!.body).toBe('{"acao":"responder"}');
  });

  it("an error carries the server's Portuguese message (either error shape)", async () => {
    vi.stubGlobal('fetch', async () =>
      resposta(423, { sucesso: false, code: 'BLOQUEADO', message: 'Conta bloqueada.' }),
    );
    const e = await chamar('/entrar', { body: {}, semExpirar: true }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(mensagemDeErro(e)).toBe('Conta bloqueada.');
    expect((e as ApiError).status).toBe(423);
    vi.stubGlobal('fetch', async () =>
      resposta(403, { codigo: 'PROIBIDO', mensagem: 'Seu perfil não permite esta ação.' }),
    );
    expect(mensagemDeErro(await chamar('/auditoria').catch((x: unknown) => x))).toBe(
      'Seu perfil não permite esta ação.',
    );
  });

  it('a 401 ends the session (the console goes to entrar), except in the sign-in steps', async () => {
    const expirou = vi.fn();
    quandoSessaoExpirar(expirou);
    vi.stubGlobal('fetch', async () => resposta(401, { code: 'SESSAO_INVALIDA', message: 'Sessão expirada.' }));
    await expect(chamar('/totp', { body: { codigo: '000000' }, semExpirar: true })).rejects.toBeInstanceOf(ApiError);
    expect(expirou).not.toHaveBeenCalled();
    await expect(chamar('/protocolos')).rejects.toBeInstanceOf(ApiError);
    expect(expirou).toHaveBeenCalledTimes(1);
  });

  it('no answer at all is a network error with its own message', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const e = await chamar('/eu').catch((x: unknown) => x);
    expect((e as ApiError).kind).toBe('network');
    expect(mensagemDeErro(e)).toMatch(/Sem conexão/);
  });
});

describe('where entrar goes next', () => {
  it('back to a page of the console, never elsewhere', () => {
    expect(destinoDepoisDeEntrar('/atendimento/protocolos/41729720261126000001')).toBe(
      '/atendimento/protocolos/41729720261126000001',
    );
    expect(destinoDepoisDeEntrar('/atendimento?tipo=CORRECAO_DADOS')).toBe('/atendimento?tipo=CORRECAO_DADOS');
    for (const fora of [
      null,
      '',
      '/home',
      '//evil.example/atendimento',
      'https://evil.example/atendimento',
      '/atendimento//evil.example',
      '/atendimento/\\evil.example',
      '/atendimentos',
    ])
      expect(destinoDepoisDeEntrar(fora), String(fora)).toBe('/atendimento');
  });
});

describe('the idle window', () => {
  it("is the server's (expiraEm of the session just after a call), else 15 minutes", () => {
    const agora = Date.parse('2026-11-27T01:00:00Z');
    expect(ociosidadeDaSessao('2026-11-27T01:05:00Z', agora)).toBe(5 * 60_000);
    expect(ociosidadeDaSessao('2026-11-27T01:30:00Z', agora)).toBe(30 * 60_000);
    expect(ociosidadeDaSessao(undefined, agora)).toBe(OCIOSIDADE_MS);
    expect(ociosidadeDaSessao('não é data', agora)).toBe(OCIOSIDADE_MS);
    expect(ociosidadeDaSessao('2026-11-27T00:59:00Z', agora)).toBe(OCIOSIDADE_MS);
  });
});
