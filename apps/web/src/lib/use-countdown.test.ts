import { describe, expect, it } from 'vitest';
import { formatarContagem } from './use-countdown';

describe('formatarContagem (the resend wait shown as m:ss)', () => {
  it('formats minutes and zero-padded seconds', () => {
    expect(formatarContagem(120)).toBe('2:00');
    expect(formatarContagem(95)).toBe('1:35');
    expect(formatarContagem(60)).toBe('1:00');
    expect(formatarContagem(9)).toBe('0:09');
    expect(formatarContagem(0)).toBe('0:00');
  });
});
