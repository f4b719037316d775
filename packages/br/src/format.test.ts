import { describe, expect, it } from 'vitest';
import {
  competenciaPorExtenso,
  dataDoInstante,
  dataHoraDoInstante,
  firstName,
  formatBRL,
  formatDate,
  formatDateTime,
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
