import { describe, expect, it } from 'vitest';
import { apagarDadosOffline, CACHE_DADOS_OFFLINE, guardarOffline, lerOffline } from './dados-offline';

/** Cache Storage as the browser has it, in memory. */
function cachesEmMemoria() {
  const caches = new Map<string, Map<string, Response>>();
  return {
    caches,
    async open(nome: string) {
      const c = caches.get(nome) ?? new Map<string, Response>();
      caches.set(nome, c);
      return {
        put: async (url: string, r: Response) => void c.set(url, r),
        match: async (url: string) => c.get(url)?.clone(),
      } as unknown as Cache;
    },
    async delete(nome: string) {
      return caches.delete(nome);
    },
  };
}

const MARIA = { cpf: '52998224725', codigoContrato: '100234' };

describe('data kept for use without network', () => {
  it("is read back for its owner only; another member's (or contract's) reads as nothing", async () => {
    const armazenamento = cachesEmMemoria();
    await guardarOffline('carteirinha', { salvoEm: '2026-03-10T12:00:00Z', ...MARIA, dados: [1, 2] }, armazenamento);
    expect(await lerOffline('carteirinha', MARIA, armazenamento)).toEqual({
      salvoEm: '2026-03-10T12:00:00Z',
      ...MARIA,
      dados: [1, 2],
    });
    expect(await lerOffline('carteirinha', { ...MARIA, codigoContrato: '087612' }, armazenamento)).toBeNull();
    expect(await lerOffline('carteirinha', { cpf: '11144477735', codigoContrato: '100234' }, armazenamento)).toBeNull();
    expect(await lerOffline('outra-coisa', MARIA, armazenamento)).toBeNull();
  });

  it('is all deleted at once (the session ends)', async () => {
    const armazenamento = cachesEmMemoria();
    await guardarOffline('carteirinha', { salvoEm: '', ...MARIA, dados: 1 }, armazenamento);
    expect(armazenamento.caches.has(CACHE_DADOS_OFFLINE)).toBe(true);
    await apagarDadosOffline(armazenamento);
    expect(armazenamento.caches.has(CACHE_DADOS_OFFLINE)).toBe(false);
    expect(await lerOffline('carteirinha', MARIA, armazenamento)).toBeNull();
  });

  it('does nothing where the browser has no Cache Storage (plain http, some private modes)', async () => {
    await expect(guardarOffline('carteirinha', { salvoEm: '', ...MARIA, dados: 1 }, null)).resolves.toBeUndefined();
    expect(await lerOffline('carteirinha', MARIA, null)).toBeNull();
    await expect(apagarDadosOffline(null)).resolves.toBeUndefined();
  });
});
