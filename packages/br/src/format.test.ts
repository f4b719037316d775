import { describe, expect, it } from 'vitest';
import {
  competenciaPorExtenso,
  dataDoInstante,
  dataHoraDoInstante,
  firstName,
  formatBRL,
  formatDate,
  formatDateTime,
  formatInteiro,
} from './format';

describe('formatDateTime', () => {
  it('prints dd/mm/aaaa hh:mm:ss in Brasília time', () => {
    expect(formatDateTime('2026-03-05T13:04:09Z')).toBe('05/03/2026 10:04:09');
  });
  it('shows three dashes for empty or invalid values', () => {
    expect(formatDateTime('')).toBe('---');
    expect(formatDateTime(null)).toBe('---');
    expect(formatDateTime('não é data')).toBe('---');
  });
});

describe('formatDate', () => {
  it('formats a calendar day without time-zone shift', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2024-01-01T00:00:00.000Z')).toBe('01/01/2024');
    expect(formatDate(undefined)).toBe('---');
  });
});

describe('formatBRL and firstName', () => {
  it('formats reais', () => {
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatBRL('29.9').replace(/\s/g, ' ')).toBe('R$ 29,90');
    expect(formatBRL(null)).toBe('---');
  });
  // What Intl prints for BRL, over about 310 000 amounts in all: split into cases of ~30 000 each, so each
  // test is bounded by its own share of the work, not by the whole sweep.
  const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  const diferentes = (valores: number[]) => valores.filter((v) => formatBRL(v) !== intl.format(v));
  it('prints what Intl prints for BRL at the edges: ties below the tie, negatives that round to zero, -0, the limits of plain digits', () => {
    // 1.005 and 2.675 lie below the tie in binary: toFixed would give 1,00 and 2,67.
    const valores = [1.005, 2.675, 0.125, 999.995, -0.001, -0, 0, 1e-7, -5e-7, 0.1 + 0.2, 1e14 + 0.5, 1e21, Infinity];
    expect(diferentes(valores)).toEqual([]);
    expect(formatBRL(1.005)).toBe('R$\u00a01,01');
    expect(formatBRL(-0.001)).toBe('-R$\u00a00,00');
  });
  // Every seventh thousandth from -20 to 2 000, in ten stretches.
  const trechos = Array.from({ length: 10 }, (_, i): [number, number] => [
    -20_000 + i * 203_000,
    Math.min(-20_000 + (i + 1) * 203_000, 2_000_001),
  ]);
  it.for(trechos)(
    'prints what Intl prints for BRL for every seventh thousandth of a real from %i (inclusive) to %i thousandths',
    ([de, ate]) => {
      const valores: number[] = [];
      // The same points as one sweep from -20 000 by 7: each stretch starts on that grid.
      for (let k = de + ((7 - ((de + 20_000) % 7)) % 7); k < ate; k += 7) valores.push(k / 1000);
      expect(valores.length).toBeGreaterThan(0);
      expect(diferentes(valores)).toEqual([]);
    },
  );
  it('prints what Intl prints for BRL for 20 000 pseudo-random amounts of every magnitude up to 10^13', () => {
    const valores: number[] = [];
    let x = 12345;
    for (let i = 0; i < 20_000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      valores.push((x / 2 ** 31 - 0.3) * 10 ** (i % 14));
    }
    expect(diferentes(valores)).toEqual([]);
  });
  it('writes counts as toLocaleString does', () => {
    for (const n of [0, -0, 7, 999, 1000, -1000, 12_345, 1_234_567, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5])
      expect(formatInteiro(n)).toBe(n.toLocaleString('pt-BR'));
    expect(formatInteiro(12_345)).toBe('12.345');
  });
  it('takes the first name', () => {
    expect(firstName('  Maria Aparecida Souza ')).toBe('Maria');
    expect(firstName(undefined)).toBe('');
  });
});

describe('competenciaPorExtenso', () => {
  it('names the month in Portuguese, with its accent; a month out of range stays numeric', () => {
    expect(competenciaPorExtenso(3, 2026)).toBe('Março de 2026');
    expect(competenciaPorExtenso(12, 2025)).toBe('Dezembro de 2025');
    expect(competenciaPorExtenso(13, 2026)).toBe('13/2026');
  });
});

describe('protocol dates are São Paulo dates', () => {
  it('a request late in the evening belongs to that day', () => {
    expect(dataDoInstante('2026-03-07T01:30:00.000Z')).toBe('06/03/2026');
    expect(dataHoraDoInstante('2026-03-07T01:30:00.000Z')).toBe('06/03/2026 às 22:30');
    expect(dataHoraDoInstante(new Date('2026-03-06T11:51:00.000Z'))).toBe('06/03/2026 às 08:51');
  });
});
