// fontkit ships no types; the documents parse a font once, lay text out without shaping and hand
// the font to pdfkit.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
  }
  /** A parsed font (pdfkit accepts it wherever it takes a font source). */
  export interface Font {
    postscriptName: string;
    glyphForCodePoint(codigo: number): Glyph;
    layout(texto: string, ...resto: unknown[]): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
