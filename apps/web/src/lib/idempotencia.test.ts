import { describe, expect, it } from 'vitest';
import { ChaveDeEnvio, novaChave } from './idempotencia';

describe('Idempotency-Key of a submission', () => {
  it('is a random UUID v4', () => {
    const a = novaChave();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(novaChave()).not.toBe(a);
  });

  it('the same body keeps its key (double click, retry); another body or a finished one gets a new key', () => {
    let n = 0;
    const chave = new ChaveDeEnvio(() => `k${++n}`);
    expect(chave.para({ a: 1, b: [1, 2] })).toBe('k1');
    expect(chave.para({ b: [1, 2], a: 1 })).toBe('k1');
    expect(chave.para({ a: 2, b: [1, 2] })).toBe('k2');
    expect(chave.para({ a: 1, b: [1, 2] })).toBe('k3');
    chave.concluir();
    expect(chave.para({ a: 1, b: [1, 2] })).toBe('k4');
  });
});
