import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition, limparNomeArquivo } from './nome-arquivo';

describe('limparNomeArquivo', () => {
  it('keeps accents and symbols, NFC; drops controls, bidi overrides, marks, reserved characters and the path', () => {
    expect(limparNomeArquivo('recibo — março €.png')).toBe('recibo — março €.png');
    expect(limparNomeArquivo('marc\u0327o.pdf')).toBe('março.pdf');
    expect(limparNomeArquivo('fatura\u202Efdp.exe')).toBe('faturafdp.exe');
    expect(limparNomeArquivo('a\u2066b\u2069\u200e\u200f\u061c\ufeffc')).toBe('abc');
    expect(limparNomeArquivo('li\u0000nha\r\nnova\u0085\u009b.pdf')).toBe('linhanova.pdf');
    expect(limparNomeArquivo('C:\\fotos\\recibo "maio".pdf')).toBe('recibo maio.pdf');
    expect(limparNomeArquivo('/etc/../x<y>|*?:.pdf')).toBe('xy.pdf');
    expect(limparNomeArquivo('  dois\t  espaços  ')).toBe('dois espaços');
  });

  it('bounds by characters without cutting a surrogate pair; a lone surrogate becomes U+FFFD', () => {
    expect(limparNomeArquivo('😀'.repeat(5), 3)).toBe('😀😀😀');
    expect(limparNomeArquivo('a\ud800b')).toBe('a\ufffdb');
    expect(limparNomeArquivo('x'.repeat(500))).toHaveLength(100);
  });
});

describe('contentDisposition', () => {
  it('plain ASCII: only filename', () => {
    expect(contentDisposition('demonstrativo.pdf')).toBe('attachment; filename=demonstrativo.pdf');
    expect(contentDisposition('a.pdf', { baixar: false })).toBe('inline; filename=a.pdf');
  });

  it("beyond Latin-1: an ASCII filename and filename*=UTF-8''… with the name itself", () => {
    const h = contentDisposition('recibo — março €.png');
    expect(h).toBe(
      `attachment; filename="recibo _ marco _.png"; filename*=UTF-8''recibo%20%E2%80%94%20mar%C3%A7o%20%E2%82%AC.png`,
    );
    expect(parse(h).parameters.filename).toBe('recibo — março €.png');
  });

  it('no name makes an invalid header (what Node refuses with ERR_INVALID_CHAR)', () => {
    const nomes = [
      'recibo — março €.png',
      'a"b\\c.pdf',
      '100%25.pdf',
      '\u202Efdp.exe',
      'a\r\nSet-Cookie: x=1',
      '\ud83d',
      '',
      '\u0000\u0001',
      '日本語のレシート.jpg',
      'ÿ Latin-1 ñ.pdf',
    ];
    for (const nome of nomes) {
      const h = contentDisposition(nome);
      expect(h, nome).toMatch(/^[\x20-\x7e]+$/);
      expect(parse(h).type).toBe('attachment');
    }
    expect(parse(contentDisposition('')).parameters.filename).toBe('arquivo');
    expect(parse(contentDisposition('\u202E', { padrao: 'documento.pdf' })).parameters.filename).toBe('documento.pdf');
    expect(parse(contentDisposition('100%25.pdf')).parameters.filename).toBe('100%25.pdf');
  });
});
