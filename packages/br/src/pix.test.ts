import { describe, expect, it } from 'vitest';
import { crc16ccitt, lerPix, pixCopiaECola } from './pix';

// The static example of the Banco Central's "Manual de Padrões para Iniciação do Pix" (random key,
// no amount), as the manual prints it, CRC included.
const MANUAL_BCB =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

// github.com/thalesog/pix-utils, tests/emvCodes.ts: STATIC_TEST_EMV (R$ 10,00),
// STATIC_TEST_NO_VALUE_ELEMENT_EMV (no field 54) and DYNAMIC_TEST_EMV (URL instead of a key).
const PIX_UTILS_ESTATICO =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63044367';
const PIX_UTILS_SEM_VALOR =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63042C6B';
const PIX_UTILS_DINAMICO =
  '00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63040C64';

const base = { chave: 'thalesog@me.com', nomeRecebedor: 'Thales Ogliari', cidade: 'SÃO MIGUÉL DO O' };

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value (reveng CRC catalogue: "123456789" → 0x29B1)', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
  it('gives the CRC printed at the end of the published payloads', () => {
    for (const payload of [MANUAL_BCB, PIX_UTILS_ESTATICO, PIX_UTILS_SEM_VALOR, PIX_UTILS_DINAMICO]) {
      expect(crc16ccitt(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });
  it('pads to 4 uppercase hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('pixCopiaECola', () => {
  it('reproduces the Banco Central manual example exactly', () => {
    expect(
      pixCopiaECola({
        chave: '123e4567-e12b-12d1-a456-426655440000',
        nomeRecebedor: 'Fulano de Tal',
        cidade: 'BRASILIA',
      }),
    ).toBe(MANUAL_BCB);
  });
  it('reproduces pix-utils: amount, description and a city with accents removed', () => {
    expect(pixCopiaECola({ ...base, descricao: 'Pedido 123', valorCentavos: 1000 })).toBe(PIX_UTILS_ESTATICO);
    expect(pixCopiaECola({ ...base, descricao: 'Pedido 123' })).toBe(PIX_UTILS_SEM_VALOR);
  });
  it('writes the amount with a dot and two decimals from integer centavos', () => {
    expect(lerPix(pixCopiaECola({ ...base, valorCentavos: 29 })).campos['54']).toBe('0.29');
    expect(lerPix(pixCopiaECola({ ...base, valorCentavos: 123450 })).campos['54']).toBe('1234.50');
  });
  it('puts the txid in 62-05 and the result still checks out', () => {
    const payload = pixCopiaECola({ ...base, chave: '+5561912345678', txid: 'Mensalidade202503' });
    expect(payload).toContain('62210517Mensalidade202503');
    const lido = lerPix(payload);
    expect(lido.crcValido).toBe(true);
    expect(lido.adicionais['05']).toBe('Mensalidade202503');
    expect(lido.conta['01']).toBe('+5561912345678');
  });
  it('writes keys as the DICT stores them', () => {
    const chave = (c: string) => lerPix(pixCopiaECola({ ...base, chave: c })).conta['01'];
    expect(chave('529.982.247-25')).toBe('52998224725');
    expect(chave('12.345.678/0001-95')).toBe('12345678000195');
    expect(chave('Maria.Souza@Exemplo.com.br')).toBe('maria.souza@exemplo.com.br');
    expect(chave('123E4567-E12B-12D1-A456-426655440000')).toBe('123e4567-e12b-12d1-a456-426655440000');
    expect(chave('+55 (61) 91234-5678')).toBe('+5561912345678');
  });
  it('throws a clear error for an invalid key', () => {
    const comChave = (c: string) => () => pixCopiaECola({ ...base, chave: c });
    expect(comChave('529.982.247-35')).toThrow(/Chave Pix inválida/); // wrong CPF check digit
    expect(comChave('61912345678')).toThrow(/Chave Pix inválida/); // a phone needs +55
    expect(comChave('+0123')).toThrow(/telefone/);
    expect(comChave('maria@')).toThrow(/e-mail/);
    expect(comChave('')).toThrow(/Chave Pix inválida/);
  });
  it('throws for a name over 25 or a city over 15 characters, or either empty', () => {
    expect(() => pixCopiaECola({ ...base, nomeRecebedor: 'Operadora de Saúde Exemplo Ltda' })).toThrow(/25/);
    expect(() => pixCopiaECola({ ...base, cidade: 'São José dos Campos' })).toThrow(/15/);
    expect(() => pixCopiaECola({ ...base, nomeRecebedor: '  ' })).toThrow(/obrigatório/);
    expect(() => pixCopiaECola({ ...base, cidade: 'Cidade 🏖' })).toThrow(/caracteres/);
  });
  it('throws for a txid with symbols or over 25 characters', () => {
    expect(() => pixCopiaECola({ ...base, txid: 'PED-123' })).toThrow(/txid/);
    expect(() => pixCopiaECola({ ...base, txid: 'A'.repeat(26) })).toThrow(/txid/);
    expect(() => pixCopiaECola({ ...base, txid: '' })).toThrow(/txid/);
  });
  it('throws for an amount that is not a positive whole number of centavos', () => {
    expect(() => pixCopiaECola({ ...base, valorCentavos: 0 })).toThrow(RangeError);
    expect(() => pixCopiaECola({ ...base, valorCentavos: 10.5 })).toThrow(RangeError);
  });
  it('throws when key and description do not fit field 26', () => {
    expect(() => pixCopiaECola({ ...base, descricao: 'x'.repeat(60) })).toThrow(/campo 26/);
  });
});

describe('lerPix', () => {
  it('reads the manual example into its fields', () => {
    const lido = lerPix(MANUAL_BCB);
    expect(lido.crcValido).toBe(true);
    expect(lido.campos).toMatchObject({ '00': '01', '52': '0000', '53': '986', '58': 'BR', '59': 'Fulano de Tal' });
    expect(lido.campos['60']).toBe('BRASILIA');
    expect(lido.conta).toEqual({ '00': 'br.gov.bcb.pix', '01': '123e4567-e12b-12d1-a456-426655440000' });
    expect(lido.adicionais).toEqual({ '05': '***' });
    expect(lido.campos['54']).toBeUndefined();
  });
  it('reads a dynamic QR (pix-utils) with its URL in 26-25', () => {
    const lido = lerPix(PIX_UTILS_DINAMICO);
    expect(lido.crcValido).toBe(true);
    expect(lido.conta['25']).toBe('payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87');
  });
  it('reports a wrong CRC, a changed character or a missing CRC field', () => {
    expect(lerPix(MANUAL_BCB.replace(/1D3D$/, '1D3E')).crcValido).toBe(false);
    expect(lerPix(MANUAL_BCB.replace('Fulano', 'Fulana')).crcValido).toBe(false);
    expect(lerPix(MANUAL_BCB.slice(0, -8)).crcValido).toBe(false);
  });
  it('accepts a CRC written in lower case', () => {
    expect(lerPix(MANUAL_BCB.replace(/1D3D$/, '1d3d')).crcValido).toBe(true);
  });
  it('throws on a broken structure', () => {
    expect(() => lerPix(MANUAL_BCB.slice(0, -2))).toThrow(/passa do fim/);
    expect(() => lerPix('0002010x')).toThrow(/malformado/);
  });
});
