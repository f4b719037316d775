import { describe, expect, it } from 'vitest';
import { formatPhone, isValidEmail, isValidMobile, maskEmail, maskPhone } from './contato';

describe('maskEmail', () => {
  it('keeps 3 characters of the local part, four asterisks and the domain', () => {
    expect(maskEmail('maria.souza@exemplo.com.br')).toBe('mar****@exemplo.com.br');
  });
  it('keeps a short local part whole', () => {
    expect(maskEmail('ab@x.com')).toBe('ab****@x.com');
  });
  it('returns empty for no e-mail and the input when there is no @', () => {
    expect(maskEmail(null)).toBe('');
    expect(maskEmail('semarroba')).toBe('semarroba');
  });
});

describe('maskPhone', () => {
  it('masks 11+ digits as (AA) *****-NNNN', () => {
    expect(maskPhone('(11) 98765-4321')).toBe('(11) *****-4321');
    expect(maskPhone(21998765432)).toBe('(21) *****-5432');
  });
  it('returns shorter input unchanged', () => {
    expect(maskPhone('1234-5678')).toBe('1234-5678');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('formatPhone and validators', () => {
  it('formats mobile and landline while typing', () => {
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('119876')).toBe('(11) 9876');
    expect(formatPhone('1132654321')).toBe('(11) 3265-4321');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
  });
  it('validates mobiles and e-mails', () => {
    expect(isValidMobile('(11) 98765-4321')).toBe(true);
    expect(isValidMobile('(11) 3265-4321')).toBe(false);
    expect(isValidMobile('(01) 98765-4321')).toBe(false);
    expect(isValidEmail('a@b.com')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.com')).toBe(false);
  });
});
