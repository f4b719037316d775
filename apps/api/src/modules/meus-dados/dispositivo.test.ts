import { describe, expect, it } from 'vitest';
import { descreverDispositivo, mascararIp, ocultarCodigos } from './dispositivo';

describe('descreverDispositivo', () => {
  it('names browser, system and kind of device in plain words', () => {
    expect(
      descreverDispositivo(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 120 no Windows 10 (computador)');
    expect(
      descreverDispositivo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 no iOS 17.0 (celular)');
    expect(
      descreverDispositivo(
        'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatch(/^Chrome 121 no Android 14.* \(celular\)$/);
  });

  it('says unknown for nothing or garbage', () => {
    expect(descreverDispositivo(null)).toBe('Dispositivo desconhecido');
    expect(descreverDispositivo('')).toBe('Dispositivo desconhecido');
    expect(descreverDispositivo('???')).toBe('Dispositivo desconhecido');
  });
});

describe('mascararIp', () => {
  it('keeps only the network part', () => {
    expect(mascararIp('189.45.120.7')).toBe('189.45.x.x');
    expect(mascararIp('::ffff:10.1.2.3')).toBe('10.1.x.x');
    expect(mascararIp('2804:14c:5b80:8000::1')).toBe('2804:14c:5b80:…');
    expect(mascararIp(null)).toBe('Não registrado');
    expect(mascararIp('lixo')).toBe('Não registrado');
  });
});

describe('ocultarCodigos', () => {
  it('hides verification codes but keeps protocol numbers and dates', () => {
    expect(ocultarCodigos('seu código de verificação é 123456. Vale 10 minutos.', '123456')).toBe(
      'seu código de verificação é ******. Vale 10 minutos.',
    );
    expect(ocultarCodigos('Protocolo 41729720260310000001 em 10/03/2026', null)).toBe(
      'Protocolo 41729720260310000001 em 10/03/2026',
    );
    expect(ocultarCodigos('código 654321', null)).toBe('código ******');
  });
});
