import { describe, expect, it } from 'vitest';
import { DISPOSITIVO_CONHECIDO_MS, DispositivosConhecidos } from './dispositivo';

// The known-device cookie of the staff sign-in (decision 0033, penetration test defect 4).

const CONTA = '3f1c2b9e-8a4d-4c1e-9b7a-0d2e5f6a7b8c';
const OUTRA = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AGORA = Date.UTC(2026, 10, 28, 12);

describe('DispositivosConhecidos', () => {
  const d = new DispositivosConhecidos('segredo-do-servidor');

  it('reads back its own cookie for the account it names, with a new device id each time', () => {
    const a = d.emitir(CONTA, AGORA);
    const b = d.emitir(CONTA, AGORA);
    expect(a).toMatch(/^v1\.[0-9a-f-]{36}\.[\w-]{22}\.\d+\.[0-9a-f]{64}$/);
    expect(d.ler(a, CONTA, AGORA)).toMatch(/^[\w-]{22}$/);
    expect(d.ler(a, CONTA, AGORA)).not.toBe(d.ler(b, CONTA, AGORA));
  });

  it('refuses another account’s, an expired, an altered, another server’s and a malformed cookie', () => {
    const c = d.emitir(CONTA, AGORA);
    expect(d.ler(c, OUTRA, AGORA)).toBeNull();
    expect(d.ler(c, CONTA, AGORA + DISPOSITIVO_CONHECIDO_MS - 1000)).not.toBeNull();
    expect(d.ler(c, CONTA, AGORA + DISPOSITIVO_CONHECIDO_MS + 1000)).toBeNull();
    const [v, conta, id, ate, mac] = c.split('.') as [string, string, string, string, string];
    expect(d.ler([v, OUTRA, id, ate, mac].join('.'), OUTRA, AGORA)).toBeNull();
    expect(d.ler([v, conta, `${id.slice(1)}x`, ate, mac].join('.'), CONTA, AGORA)).toBeNull();
    expect(d.ler([v, conta, id, String(Number(ate) + 86_400), mac].join('.'), CONTA, AGORA)).toBeNull();
    expect(new DispositivosConhecidos('outro-segredo').ler(c, CONTA, AGORA)).toBeNull();
    for (const ruim of [undefined, '', 'v1', `${c}.x`, 'x'.repeat(400)]) expect(d.ler(ruim, CONTA, AGORA)).toBeNull();
  });
});
