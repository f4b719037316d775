import { describe, expect, it } from 'vitest';
import { dataHoraSaoPaulo, listaEmPortugues } from './formatos';

describe('dataHoraSaoPaulo', () => {
  it('shows the instant in São Paulo time', () => {
    expect(dataHoraSaoPaulo('2026-03-10T12:00:00.000Z')).toBe('10/03/2026 às 09:00');
    expect(dataHoraSaoPaulo('2026-03-11T02:30:00.000Z')).toBe('10/03/2026 às 23:30');
    expect(dataHoraSaoPaulo('lixo')).toBe('lixo');
  });
});

describe('listaEmPortugues', () => {
  it('joins with commas and a final "e"', () => {
    expect(listaEmPortugues(['nome completo', 'CPF'])).toBe('nome completo e CPF');
    expect(listaEmPortugues(['a', 'b', 'c'])).toBe('a, b e c');
    expect(listaEmPortugues(['a'])).toBe('a');
    expect(listaEmPortugues([])).toBe('');
  });
});
