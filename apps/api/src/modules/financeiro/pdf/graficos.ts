import bwipjs from 'bwip-js/node';
import qrcode from 'qrcode-generator';
import type { Doc } from '../../../lib/pdf/documento';

/** 0.254 mm (a hundredth of an inch): FEBRABAN's narrow bar, the wide one is three times that. */
export const BARRA_FINA_PT = 0.72;
/** 13 mm, the minimum bar height of the boleto layout. */
export const ALTURA_BARRAS_PT = 36.85;

/**
 * Bar and space widths (in narrow modules) of the Interleaved 2 of 5 symbol of a 44-digit boleto
 * barcode, start and stop patterns included. bwip-js (BWIPP's encoder) gives each element as
 * narrow (1) or wide (its default ratio); FEBRABAN's wide element is 3 narrow ones, which makes
 * the 405 modules (103 mm) of the layout.
 */
export function barrasI25(codigoBarras: string): number[] {
  if (!/^\d{44}$/.test(codigoBarras)) throw new Error('O código de barras do boleto tem 44 dígitos');
  const [simbolo] = bwipjs.raw({ bcid: 'interleaved2of5', text: codigoBarras }) as { sbs?: number[] }[];
  if (!simbolo?.sbs?.length) throw new Error('bwip-js não gerou as barras do código');
  return simbolo.sbs.map((w) => (w > 1 ? 3 : 1));
}

/** Draws the barcode as vector bars at (x, y); answers its width. */
export function desenharI25(doc: Doc, codigoBarras: string, x: number, y: number): number {
  const sbs = barrasI25(codigoBarras);
  let cursor = x;
  doc.save().fillColor('#000000');
  sbs.forEach((modulos, i) => {
    const largura = modulos * BARRA_FINA_PT;
    if (i % 2 === 0) doc.rect(cursor, y, largura, ALTURA_BARRAS_PT);
    cursor += largura;
  });
  doc.fill().restore();
  return cursor - x;
}

/** The QR matrix (error correction M, byte mode) of a text. */
export function matrizQr(texto: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(texto, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** An SVG document of the QR code (4-module quiet zone), for the PIX tab of the payment dialog. */
export function qrSvg(texto: string): string {
  const m = matrizQr(texto);
  const n = m.length + 8;
  let d = '';
  m.forEach((linha, r) =>
    linha.forEach((escuro, c) => {
      if (escuro) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}

/** Draws the QR code with its quiet zone in a `lado`-point square at (x, y). */
export function desenharQr(doc: Doc, texto: string, x: number, y: number, lado: number): void {
  const m = matrizQr(texto);
  const modulo = lado / (m.length + 8);
  doc.save().rect(x, y, lado, lado).fill('#ffffff').fillColor('#000000');
  m.forEach((linha, r) =>
    linha.forEach((escuro, c) => {
      if (escuro) doc.rect(x + (c + 4) * modulo, y + (r + 4) * modulo, modulo, modulo);
    }),
  );
  doc.fill().restore();
}
