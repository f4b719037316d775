import { describe, expect, it } from 'vitest';
import { cpfFromBase, formatCpf, isValidCpf, normalizeCpf, onlyDigits } from './cpf';

describe('isValidCpf', () => {
  it.each([
    '529.982.247-25',
    '111.444.777-35',
    '935.411.347-80',
    '390.533.447-05',
    '248.438.034-80',
    '453.178.287-91',
    '123.456.789-09',
  ])('accepts the demo CPF %s', (cpf) => expect(isValidCpf(cpf)).toBe(true));
  it('rejects a wrong first or second check digit', () => {
    expect(isValidCpf('529.982.247-35')).toBe(false);
    expect(isValidCpf('529.982.247-24')).toBe(false);
  });
  it('rejects repeated digits, short and long input', () => {
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('0000000000')).toBe(false);
    expect(isValidCpf('529982247251')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
  });
  it('accepts a CPF sent as a number that lost its leading zero', () => {
    const cpf = cpfFromBase('012345678');
    expect(cpf.startsWith('0')).toBe(true);
    expect(isValidCpf(Number(cpf))).toBe(true);
    expect(normalizeCpf(Number(cpf))).toBe(cpf);
  });
});

describe('formatCpf', () => {
  it('formats full and partial input as typed', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('529.982.247-25xx99')).toBe('529.982.247-25');
  });
  it('pads numbers to 11 digits', () => {
    expect(formatCpf(1234567890)).toBe('012.345.678-90');
  });
});

describe('cpfFromBase and onlyDigits', () => {
  it('computes the check digits', () => {
    expect(cpfFromBase('529982247')).toBe('52998224725');
    expect(() => cpfFromBase('12')).toThrow();
  });
  it('strips everything but digits', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits(undefined)).toBe('');
  });
});
