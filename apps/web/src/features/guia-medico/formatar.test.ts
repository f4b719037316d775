import { describe, expect, it } from 'vitest';
import { endereco, formatarCep, linkDoSite, rotuloCidade, rotuloDoRegistro, telefone } from './formatar';

describe('Guia Médico formatting', () => {
  it('city as name / UF', () => {
    expect(rotuloCidade({ nome: 'São Paulo', estado: 'SP' })).toBe('São Paulo / SP');
  });
  it('labels the registration by its kind: CRM for a doctor, CRO for a dentist, CNES for a clinic', () => {
    expect(rotuloDoRegistro('CRM/SP 123456')).toBe('Registro (CRM)');
    expect(rotuloDoRegistro('CRO/RJ 45678')).toBe('Registro (CRO)');
    expect(rotuloDoRegistro('CNES 2077485')).toBe('Registro (CNES)');
    expect(rotuloDoRegistro('123456')).toBe('Registro (CRM)');
  });
  it('CEP', () => {
    expect(formatarCep('01310100')).toBe('01310-100');
    expect(formatarCep('01310-100')).toBe('01310-100');
    expect(formatarCep('123')).toBe('123');
  });
  it('phones for reading and calling', () => {
    expect(telefone('1132851200')).toEqual({ texto: '(11) 3285-1200', href: 'tel:+551132851200' });
    expect(telefone('21998765432')).toEqual({ texto: '(21) 99876-5432', href: 'tel:+5521998765432' });
    expect(telefone('ramal 12')).toEqual({ texto: 'ramal 12', href: null });
  });
  it('address line', () => {
    expect(endereco({ rua: 'Avenida Paulista, 1439', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' })).toBe(
      'Avenida Paulista, 1439, Bela Vista, São Paulo / SP',
    );
  });
  it('site links only to the web', () => {
    expect(linkDoSite('https://www.coracaopaulista.com.br')).toBe('https://www.coracaopaulista.com.br/');
    expect(linkDoSite('www.exemplo.com.br')).toBe('https://www.exemplo.com.br/');
    expect(linkDoSite('javascript:alert(1)')).toBeNull();
    expect(linkDoSite('')).toBeNull();
    expect(linkDoSite(null)).toBeNull();
  });
});
