import { describe, expect, it } from 'vitest';
import { alterarSenhaRequestSchema, codigoSchema, cpfSchema, perfisDaContaRequestSchema } from './index';

describe('cpfSchema', () => {
  it('normalises masked text and numbers to 11 digits', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(cpfSchema.parse(52998224725)).toBe('52998224725');
  });
  it('rejects wrong check digits, over-long text and other types with Portuguese messages', () => {
    const bad = cpfSchema.safeParse('529.982.247-26');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('CPF inválido.');
    expect(cpfSchema.safeParse('5'.repeat(200)).success).toBe(false);
    expect(cpfSchema.safeParse({ cpf: 1 }).error?.issues[0]?.message).toBe('Informe o CPF.');
  });
});

describe('codigoSchema', () => {
  it('accepts six digits as text or number', () => {
    expect(codigoSchema.parse('012345')).toBe('012345');
    expect(codigoSchema.parse(12345)).toBe('012345');
  });
  it('rejects other lengths and letters', () => {
    expect(codigoSchema.safeParse('12345').success).toBe(false);
    expect(codigoSchema.safeParse('12a456').success).toBe(false);
    expect(codigoSchema.safeParse(1234567).success).toBe(false);
  });
});

describe('request schemas', () => {
  it('needs a password at login', () => {
    const r = perfisDaContaRequestSchema.safeParse({ cpf: 52998224725, senha: '' });
    expect(r.error?.issues[0]?.message).toBe('Por favor, digite sua senha.');
  });
  it('refuses different password and confirmation', () => {
    const r = alterarSenhaRequestSchema.safeParse({
      cpf: '52998224725',
      token: '123456',
      senha: 'abcdef',
      confirmacaoSenha: 'abcdeg',
      tipoSolicitacao: 'email',
    });
    expect(r.error?.issues[0]?.message).toBe('As senhas digitadas não são iguais.');
  });
  it('refuses a short new password', () => {
    const r = alterarSenhaRequestSchema.safeParse({
      cpf: '52998224725',
      token: '123456',
      senha: 'abc',
      confirmacaoSenha: 'abc',
      tipoSolicitacao: 'celular',
    });
    expect(r.error?.issues[0]?.message).toBe('A senha deve ter pelo menos 6 caracteres.');
  });
});

describe('form schemas (docs/produto/comum.md, "Validation" messages)', () => {
  const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('new password: required, then minimum, then equal', async () => {
    const { novaSenhaFormSchema } = await import('./forms');
    expect(first(novaSenhaFormSchema.safeParse({ senha: '', confirmacaoSenha: '' }))).toBe('Digite uma senha.');
    expect(first(novaSenhaFormSchema.safeParse({ senha: '12345', confirmacaoSenha: 'x' }))).toBe(
      'A senha deve ter pelo menos 6 caracteres.',
    );
    expect(first(novaSenhaFormSchema.safeParse({ senha: 'kq7#vz', confirmacaoSenha: 'kq7#vy' }))).toBe(
      'As senhas digitadas não são iguais.',
    );
    expect(novaSenhaFormSchema.safeParse({ senha: 'kq7#vz', confirmacaoSenha: 'kq7#vz' }).success).toBe(true);
    // Not a common one (issue 13): '123456' has 6 characters and is still refused.
    expect(first(novaSenhaFormSchema.safeParse({ senha: '123456', confirmacaoSenha: '123456' }))).toBe(
      'Esta senha é muito comum e fácil de adivinhar. Escolha uma senha diferente.',
    );
  });
  it('code: required, then 6 digits', async () => {
    const { codigoFormSchema } = await import('./forms');
    expect(first(codigoFormSchema.safeParse({ codigo: '' }))).toBe('Digite pelo menos um código de verificação.');
    expect(first(codigoFormSchema.safeParse({ codigo: '123' }))).toBe('O código deve ter 6 dígitos.');
    expect(codigoFormSchema.parse({ codigo: '12 34 56' }).codigo).toBe('123456');
  });
  it('contacts: one of them, each well formed', async () => {
    const { contatosFormSchema } = await import('./forms');
    expect(first(contatosFormSchema.safeParse({ email: '', celular: '' }))).toBe('Informe um e-mail ou um celular.');
    expect(first(contatosFormSchema.safeParse({ email: 'a@b', celular: '' }))).toBe('Digite um e-mail válido.');
    expect(first(contatosFormSchema.safeParse({ email: '', celular: '(11) 3265-4321' }))).toBe(
      'Digite um celular com DDD, por exemplo (11) 98765-4321.',
    );
    expect(contatosFormSchema.safeParse({ email: '', celular: '(21) 99876-5432' }).success).toBe(true);
  });
});
