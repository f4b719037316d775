import { describe, expect, it } from 'vitest';
import { listarProtocolosRequestSchema } from './protocolos';
import {
  agruparNumerosDeProtocolo,
  formatarNumeroProtocolo,
  normalizarNumeroProtocolo,
  partesDoProtocolo,
  ROTULOS_TIPO_PROTOCOLO,
  TIPOS_PROTOCOLO,
} from './protocolos-regras';

describe('a typed protocol number', () => {
  it('is read with or without spaces, dots, dashes and slashes', () => {
    for (const texto of [
      '41729720260310000001',
      '417297 20260310 000001',
      ' 417.297.20260310-000001 ',
      '417297/20260310/000001',
      '417297\t20260310\n000001',
    ])
      expect(normalizarNumeroProtocolo(texto)).toBe('41729720260310000001');
  });

  it('must come down to exactly 20 digits', () => {
    for (const texto of ['', '123', '4172972026031000000', '417297202603100000011', '4172972026031000000O', 'abc'])
      expect(normalizarNumeroProtocolo(texto)).toBeNull();
  });

  it('is printed in its three parts', () => {
    expect(partesDoProtocolo('41729720260310000001')).toEqual(['417297', '20260310', '000001']);
    expect(formatarNumeroProtocolo('41729720260310000001')).toBe('417297 20260310 000001');
    expect(formatarNumeroProtocolo('123')).toBe('123');
  });

  it("a notice's subject writes every protocol number in it grouped", () => {
    expect(agruparNumerosDeProtocolo('Saúde Exemplo: reembolso 41729720260310000001: pago')).toBe(
      'Saúde Exemplo: reembolso 417297 20260310 000001: pago',
    );
    expect(agruparNumerosDeProtocolo('41729720260310000001 e 41729720260311000002')).toBe(
      '417297 20260310 000001 e 417297 20260311 000002',
    );
  });

  it('leaves other digits of a subject alone: shorter or longer runs, an already grouped number', () => {
    for (const texto of [
      'Boleto da competência 2026-03, contrato 522901',
      'linha 417297202603100000011',
      'resposta ao protocolo 417297 20260310 000001',
      'código 123456',
    ])
      expect(agruparNumerosDeProtocolo(texto)).toBe(texto);
  });

  it('the list request: empty search is no search; pages have defaults', () => {
    const base = { perfilAutenticado: { codigoSessao: 1 } };
    expect(listarProtocolosRequestSchema.parse({ ...base, protocolo: '' })).toEqual({
      ...base,
      protocolo: undefined,
      pagina: 1,
      itensPagina: 10,
    });
    expect(listarProtocolosRequestSchema.parse({ ...base, protocolo: '417297 20260310 000001' }).protocolo).toBe(
      '41729720260310000001',
    );
    const r = listarProtocolosRequestSchema.safeParse({ ...base, protocolo: '12' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe('Informe os 20 números do protocolo.');
  });
});

it('every kind of request has a name in plain words', () => {
  for (const tipo of TIPOS_PROTOCOLO) expect(ROTULOS_TIPO_PROTOCOLO[tipo]).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/);
});
