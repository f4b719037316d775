import { describe, expect, it } from 'vitest';
import { documentoDoPrestador, hojeEmSaoPaulo, mascaraBRL, mascaraCpfCnpj, reaisDaMascara } from './formatos';

describe('reembolso: masks', () => {
  it('masks a CPF up to 11 digits and a CNPJ from the 12th', () => {
    expect(mascaraCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(mascaraCpfCnpj('529982')).toBe('529.982');
    expect(mascaraCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(mascaraCpfCnpj('11.222.333/0001-819999')).toBe('11.222.333/0001-81');
  });
  it('reads an amount typed as cents', () => {
    expect(mascaraBRL('35000').replace(/\s/g, ' ')).toBe('R$ 350,00');
    expect(mascaraBRL('R$ 0,05').replace(/\s/g, ' ')).toBe('R$ 0,05');
    expect(mascaraBRL('')).toBe('');
    expect(reaisDaMascara('R$ 1.234,56')).toBe(1234.56);
    expect(reaisDaMascara('')).toBeNull();
  });
  it("writes the provider's document with its punctuation", () => {
    expect(documentoDoPrestador('52998224725')).toBe('529.982.247-25');
    expect(documentoDoPrestador('11222333000181')).toBe('11.222.333/0001-81');
    expect(documentoDoPrestador('***.982.247-**')).toBe('***.982.247-**');
  });
  it("today's date in São Paulo, not UTC", () => {
    expect(hojeEmSaoPaulo(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
  });
});
