import { describe, expect, it } from 'vitest';
import { formatCns, formatCpfPadded, formatRg, isValidCns } from './documentos';

describe('formatCpfPadded (docs/produto/informacoes.md, "Data": 000.000.000-00, padded to 11 digits)', () => {
  it('formats 11 digits, as text or as a number', () => {
    expect(formatCpfPadded('52998224725')).toBe('529.982.247-25');
    expect(formatCpfPadded('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpfPadded(52998224725)).toBe('529.982.247-25');
  });
  it('puts back the leading zeros a number or a careless system dropped', () => {
    expect(formatCpfPadded(1144477735)).toBe('011.444.777-35');
    expect(formatCpfPadded('1144477735')).toBe('011.444.777-35');
    expect(formatCpfPadded('35')).toBe('000.000.000-35');
  });
  it('leaves empty values empty and does not invent a CPF from something longer', () => {
    expect(formatCpfPadded('')).toBe('');
    expect(formatCpfPadded(null)).toBe('');
    expect(formatCpfPadded(undefined)).toBe('');
    expect(formatCpfPadded('sem cpf')).toBe('');
    expect(formatCpfPadded('123456789012')).toBe('123456789012');
  });
});

describe('formatRg (docs/produto/informacoes.md, "Data": 9 digits as 00.000.000-0, otherwise upper case)', () => {
  it('formats exactly 9 digits', () => {
    expect(formatRg('284736159')).toBe('28.473.615-9');
    expect(formatRg(284736159)).toBe('28.473.615-9');
    expect(formatRg(' 28.473.615-9 ')).toBe('28.473.615-9');
  });
  it('shows any other RG in upper case, as it came', () => {
    expect(formatRg('mg12345678')).toBe('MG12345678');
    expect(formatRg('28473615x')).toBe('28473615X');
    expect(formatRg('12345678')).toBe('12345678');
    expect(formatRg('1234567890')).toBe('1234567890');
    expect(formatRg('m-1.234.567')).toBe('M-1.234.567');
  });
  it('empty stays empty', () => {
    expect(formatRg(null)).toBe('');
    expect(formatRg(undefined)).toBe('');
    expect(formatRg('   ')).toBe('');
  });
});

describe('CNS (Cartão Nacional de Saúde)', () => {
  it('accepts definitive and provisional numbers whose weighted sum is a multiple of 11', () => {
    expect(isValidCns('700504839172315')).toBe(true);
    expect(isValidCns('700208473619202')).toBe(true);
    expect(isValidCns('700 5048 3917 2315')).toBe(true);
    // A definitive number (from a PIS, starts with 1 or 2) follows the same total rule.
    expect(isValidCns('120564125470002')).toBe(true);
  });
  it('refuses a wrong digit, a wrong first digit or a wrong length', () => {
    expect(isValidCns('700504839172316')).toBe(false);
    expect(isValidCns('300504839172315')).toBe(false);
    expect(isValidCns('70050483917231')).toBe(false);
    expect(isValidCns(null)).toBe(false);
  });
  it('shows the 15 digits grouped as the card prints them; anything else as it came', () => {
    expect(formatCns('700504839172315')).toBe('700 5048 3917 2315');
    expect(formatCns(700504839172315)).toBe('700 5048 3917 2315');
    expect(formatCns('700 5048 3917 2315')).toBe('700 5048 3917 2315');
    expect(formatCns('7005048391723')).toBe('7005048391723');
    expect(formatCns('CNS-700504839172315')).toBe('CNS-700504839172315');
    expect(formatCns(null)).toBe('');
  });
});
