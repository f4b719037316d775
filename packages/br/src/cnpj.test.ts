import { describe, expect, it } from 'vitest';
import { cnpjFromBase, formatCnpj, isValidCnpj } from './cnpj';

describe('CNPJ', () => {
  it('accepts published valid CNPJs, masked or not', () => {
    // Banco do Brasil S.A. and Petrobras, as published by Receita Federal.
    expect(isValidCnpj('00.000.000/0001-91')).toBe(true);
    expect(isValidCnpj('33000167000101')).toBe(true);
  });
  it('refuses a changed check digit, other lengths and repeated digits', () => {
    expect(isValidCnpj('00.000.000/0001-92')).toBe(false);
    expect(isValidCnpj('3300016700010')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj(null)).toBe(false);
  });
  it('builds valid CNPJs from a base and formats them', () => {
    expect(cnpjFromBase('33000167')).toBe('33000167000101');
    expect(isValidCnpj(cnpjFromBase('12345678', '0042'))).toBe(true);
    expect(formatCnpj('33000167000101')).toBe('33.000.167/0001-01');
    expect(formatCnpj('123')).toBe('123');
  });
});
