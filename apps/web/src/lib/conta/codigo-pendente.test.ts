import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage';
import { codigoPendente, esperaRestante, esquecerCodigoPendente, lembrarCodigoPendente } from './codigo-pendente';

const T = Date.UTC(2026, 10, 29, 12, 0, 0);
const pendente = { cpf: '52998224725', canal: 'email' as const, enviadoEm: T };

describe('codigoPendente: /cadastro code step across a reload', () => {
  it('brings back the step kept by the tab while the code may be valid', () => {
    const s = memoryStorage();
    lembrarCodigoPendente(s, pendente);
    expect(codigoPendente(s, T + 9 * 60_000)).toEqual(pendente);
  });

  it('keeps the CPF, the channel and the time, never a code', () => {
    const s = memoryStorage();
    lembrarCodigoPendente(s, pendente);
    expect(Object.keys(JSON.parse(s.getItem('portal.cadastro.codigoPendente')!) as object).sort()).toEqual([
      'canal',
      'cpf',
      'enviadoEm',
    ]);
  });

  it('forgets it once the code can no longer be typed (10 minutes)', () => {
    const s = memoryStorage();
    lembrarCodigoPendente(s, pendente);
    expect(codigoPendente(s, T + 10 * 60_000)).toBeNull();
    expect(s.getItem('portal.cadastro.codigoPendente')).toBeNull();
  });

  it('ignores and forgets what is not a step it kept', () => {
    for (const bruto of [
      '{',
      'null',
      '{"cpf":"123","canal":"email","enviadoEm":0}',
      '{"cpf":"52998224725","canal":"fax","enviadoEm":0}',
    ]) {
      const s = memoryStorage({ 'portal.cadastro.codigoPendente': bruto });
      expect(codigoPendente(s, T), bruto).toBeNull();
      expect(s.getItem('portal.cadastro.codigoPendente')).toBeNull();
    }
  });

  it('is gone after esquecerCodigoPendente', () => {
    const s = memoryStorage();
    lembrarCodigoPendente(s, pendente);
    esquecerCodigoPendente(s);
    expect(codigoPendente(s, T)).toBeNull();
  });

  it('counts what is left of the 2-minute resend wait', () => {
    expect(esperaRestante(pendente, T + 3_000)).toBe(117);
    expect(esperaRestante(pendente, T + 200_000)).toBe(0);
  });
});
