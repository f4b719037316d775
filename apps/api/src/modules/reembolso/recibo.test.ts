import { describe, expect, it } from 'vitest';
import { chaveDoRecibo, normalizarDocumento, normalizarNumeroRecibo } from './recibo';

describe('normalizarNumeroRecibo', () => {
  it('ignores the spaces around the number', () => {
    expect(normalizarNumeroRecibo('  123  ')).toBe('123');
  });

  it('ignores the case of the letters', () => {
    expect(normalizarNumeroRecibo('nf123')).toBe(normalizarNumeroRecibo('NF123'));
  });

  it('drops the leading zeros', () => {
    expect(normalizarNumeroRecibo('000123')).toBe('123');
  });

  it('drops punctuation before the leading zeros', () => {
    expect(normalizarNumeroRecibo('0.001-23')).toBe('123');
  });

  it('keeps the zeros inside the number', () => {
    expect(normalizarNumeroRecibo('1002')).toBe('1002');
  });

  it('keeps the zeros after a letter prefix, so NF-0012 and NF-12 stay two receipts', () => {
    expect(normalizarNumeroRecibo('NF-0012')).not.toBe(normalizarNumeroRecibo('NF-12'));
  });
});

describe('normalizarDocumento', () => {
  it('keeps only the digits of a CNPJ', () => {
    expect(normalizarDocumento('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('keeps only the digits of a CPF', () => {
    expect(normalizarDocumento('529.982.247-25')).toBe('52998224725');
  });
});

describe('chaveDoRecibo', () => {
  it('gives the same key to the same receipt typed two ways', () => {
    const a = chaveDoRecibo({
      prestadorDocumento: '11.222.333/0001-81',
      numeroRecibo: ' rc-0042 ',
      dataAtendimento: '2026-11-02',
    });
    const b = chaveDoRecibo({
      prestadorDocumento: '11222333000181',
      numeroRecibo: 'RC0042',
      dataAtendimento: '2026-11-02',
    });
    expect(a).toEqual(b);
  });
});
