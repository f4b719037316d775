import { describe, expect, it } from 'vitest';
import { barrasI25, matrizQr, qrSvg } from './graficos';

// Interleaved 2 of 5: each digit is five elements, two of them wide (N = narrow, W = wide).
const PADROES: Record<string, string> = {
  NNWWN: '0',
  WNNNW: '1',
  NWNNW: '2',
  WWNNN: '3',
  NNWNW: '4',
  WNWNN: '5',
  NWWNN: '6',
  NNNWW: '7',
  WNNWN: '8',
  NWNWN: '9',
};

/** An independent reader: start NNNN, pairs of digits (bars carry the first, spaces the second), stop WNN. */
function lerI25(sbs: number[]): string {
  const el = sbs.map((w) => (w === 1 ? 'N' : 'W'));
  expect(el.slice(0, 4).join('')).toBe('NNNN');
  let digitos = '';
  let i = 4;
  while (el.length - i >= 10) {
    const par = el.slice(i, i + 10);
    digitos += PADROES[par.filter((_, j) => j % 2 === 0).join('')] ?? '?';
    digitos += PADROES[par.filter((_, j) => j % 2 === 1).join('')] ?? '?';
    i += 10;
  }
  expect(el.slice(i, i + 3).join('')).toBe('WNN');
  return digitos;
}

describe('barrasI25 (boleto barcode, FEBRABAN)', () => {
  const codigo = '34199439500000029801090000015710293013280000';

  it('encodes the 44 digits, read back by an independent decoder', () => {
    expect(lerI25(barrasI25(codigo))).toBe(codigo);
  });

  it('uses a 3:1 wide/narrow ratio: 405 modules between start and stop, 103 mm at 0.254 mm', () => {
    const sbs = barrasI25(codigo);
    expect(new Set(sbs)).toEqual(new Set([1, 3]));
    // Bars and spaces up to the last bar of the stop pattern.
    const ultimoBarra = sbs.length % 2 === 0 ? sbs.length - 1 : sbs.length;
    const modulos = sbs.slice(0, ultimoBarra).reduce((s, w) => s + w, 0);
    expect(modulos).toBe(405);
    expect(modulos * 0.254).toBeCloseTo(102.87, 2);
  });

  it('refuses anything but 44 digits', () => {
    expect(() => barrasI25('123')).toThrow(/44 dígitos/);
    expect(() => barrasI25(`${codigo.slice(0, 43)}x`)).toThrow(/44 dígitos/);
  });
});

describe('QR code of the PIX payload', () => {
  const payload =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it('is a square matrix with the three finder patterns', () => {
    const m = matrizQr(payload);
    const n = m.length;
    expect(n).toBeGreaterThanOrEqual(21);
    expect(m.every((linha) => linha.length === n)).toBe(true);
    for (const [r, c] of [
      [0, 0],
      [0, n - 7],
      [n - 7, 0],
    ] as const) {
      // Finder: a dark 7×7 ring around a light ring around a dark 3×3 centre.
      for (let i = 0; i < 7; i++) {
        expect(m[r]![c + i]).toBe(true);
        expect(m[r + 6]![c + i]).toBe(true);
        expect(m[r + i]![c]).toBe(true);
      }
      expect(m[r + 1]![c + 1]).toBe(false);
      expect(m[r + 3]![c + 3]).toBe(true);
    }
  });

  it('as SVG: one path of dark modules inside a white quiet zone', () => {
    const svg = qrSvg(payload);
    const n = matrizQr(payload).length + 8;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"`));
    expect(svg).toContain('<rect width');
    expect(svg.match(/h1v1h-1z/g)?.length).toBe(matrizQr(payload).flat().filter(Boolean).length);
  });
});
