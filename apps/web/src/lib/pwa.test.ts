import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { registrarServiceWorker } from './pwa';

let register: ReturnType<typeof vi.fn>;
let ociosos: (() => void)[];
let aoCarregar: (() => void)[];

beforeEach(() => {
  register = vi.fn(() => Promise.resolve());
  ociosos = [];
  aoCarregar = [];
  vi.stubEnv('PROD', true);
  vi.stubGlobal('navigator', { serviceWorker: { register } });
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => ociosos.push(fn));
  vi.stubGlobal('window', { addEventListener: (_: string, fn: () => void) => aoCarregar.push(fn) });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

test('numa página já carregada, o service worker é registrado no primeiro momento ocioso, não antes', () => {
  vi.stubGlobal('document', { readyState: 'complete' });
  registrarServiceWorker();
  expect(register).not.toHaveBeenCalled();
  for (const f of ociosos) f();
  expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
});

test('numa página ainda carregando, espera o load e depois um momento ocioso', () => {
  vi.stubGlobal('document', { readyState: 'interactive' });
  registrarServiceWorker();
  expect(ociosos).toHaveLength(0);
  for (const f of aoCarregar) f();
  expect(register).not.toHaveBeenCalled();
  for (const f of ociosos) f();
  expect(register).toHaveBeenCalledTimes(1);
});
