import { describe, expect, it } from 'vitest';
import { estadoInicial, girando, rotacao, type EventoRotacao } from './rotacao';

const depois = (...eventos: EventoRotacao[]) => eventos.reduce(rotacao, estadoInicial(false));

describe('home banner rotation (APG carousel, WCAG 2.2.2)', () => {
  it('rotates from the start, unless the member prefers reduced motion', () => {
    expect(girando(estadoInicial(false))).toBe(true);
    expect(girando(estadoInicial(true))).toBe(false);
    expect(girando(rotacao(estadoInicial(true), 'alternar'))).toBe(true);
  });

  it('the mouse pauses it only while it is over the carousel', () => {
    expect(girando(depois('mouse-entrou'))).toBe(false);
    expect(girando(depois('mouse-entrou', 'mouse-saiu'))).toBe(true);
  });

  it('keyboard focus or a touch stops it until the rotation control is pressed', () => {
    for (const e of ['foco-pelo-teclado', 'toque'] as const) {
      expect(girando(depois(e))).toBe(false);
      expect(girando(depois(e, 'mouse-entrou', 'mouse-saiu'))).toBe(false);
      expect(girando(depois(e, 'alternar'))).toBe(true);
      // Focus moving on to another control inside stops it again.
      expect(girando(depois(e, 'alternar', e))).toBe(false);
    }
  });

  it('the pause button stops it; a hovering mouse still pauses a restarted rotation', () => {
    expect(girando(depois('alternar'))).toBe(false);
    expect(girando(depois('alternar', 'alternar', 'mouse-entrou'))).toBe(false);
    expect(girando(depois('movimento-reduzido'))).toBe(false);
  });

  it('repeated events change nothing (no needless renders)', () => {
    const e = depois('mouse-entrou');
    expect(rotacao(e, 'mouse-entrou')).toBe(e);
    const p = depois('toque');
    expect(rotacao(p, 'foco-pelo-teclado')).toBe(p);
  });
});
