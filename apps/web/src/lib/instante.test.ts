import { describe, expect, it } from 'vitest';
import { dataDoInstante, dataHoraDoInstante } from './instante';

describe('protocol dates are São Paulo dates', () => {
  it('a request late in the evening belongs to that day', () => {
    expect(dataDoInstante('2026-03-07T01:30:00.000Z')).toBe('06/03/2026');
    expect(dataHoraDoInstante('2026-03-07T01:30:00.000Z')).toBe('06/03/2026 às 22:30');
    expect(dataHoraDoInstante('2026-03-06T11:51:00.000Z')).toBe('06/03/2026 às 08:51');
  });
});
