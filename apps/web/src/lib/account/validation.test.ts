import { describe, expect, it } from 'vitest';
import { mensagemValidacao, textoInline } from './messages';
import {
  validarCodigo,
  validarConfirmacao,
  validarContatos,
  validarCpf,
  validarNovaSenha,
  validarSenhaLogin,
} from './validation';

describe('spec 5 validation', () => {
  it('CPF: required, 11 digits with valid check digits', () => {
    expect(validarCpf('')).toBe('cpfObrigatorio');
    expect(validarCpf('___.___.___-__')).toBe('cpfObrigatorio');
    expect(validarCpf('529.982.247-2')).toBe('cpfInvalido');
    expect(validarCpf('529.982.247-26')).toBe('cpfInvalido');
    expect(validarCpf('111.111.111-11')).toBe('cpfInvalido');
    expect(validarCpf('529.982.247-25')).toBe(true);
  });

  it('login password is required', () => {
    expect(validarSenhaLogin('')).toBe('senhaObrigatoria');
    expect(validarSenhaLogin('x')).toBe(true);
  });

  it('verification code: required, then 6 digits', () => {
    expect(validarCodigo(' ')).toBe('tokenObrigatorio');
    expect(validarCodigo('123')).toBe('tokenIncompleto');
    expect(validarCodigo('123456')).toBe(true);
  });

  it('new password: required, at least 6, confirmation equal', () => {
    expect(validarNovaSenha('')).toBe('novaSenhaObrigatoria');
    expect(validarNovaSenha('12345')).toBe('senhaCurta');
    expect(validarNovaSenha('123456')).toBe(true);
    expect(validarConfirmacao('', '12345')).toBe(true); // the password error comes first
    expect(validarConfirmacao('1234567', '123456')).toBe('senhasDiferentes');
    expect(validarConfirmacao('123456', '123456')).toBe(true);
  });

  it('contacts: at least one, each well formed', () => {
    expect(validarContatos('', '')).toEqual({ email: 'contatoObrigatorio', celular: true });
    expect(validarContatos('a@b', '')).toEqual({ email: 'emailInvalido', celular: true });
    expect(validarContatos('', '(21) 99876-543')).toEqual({ email: true, celular: 'celularInvalido' });
    expect(validarContatos('fernanda.ribeiro@exemplo.com.br', '(21) 99876-5432')).toEqual({
      email: true,
      celular: true,
    });
  });

  it('messages are the spec pairs', () => {
    expect(mensagemValidacao('cpfObrigatorio')).toEqual({
      title: 'Campo obrigatório',
      description: 'Por favor, digite seu CPF.',
    });
    expect(mensagemValidacao('cpfInvalido')).toEqual({
      title: 'CPF inválido',
      description: 'Por favor, digite um CPF válido.',
    });
    expect(mensagemValidacao('tokenObrigatorio')).toEqual({
      title: 'Token obrigatório',
      description: 'Digite pelo menos um código de verificação.',
    });
    expect(mensagemValidacao('senhaCurta')).toEqual({
      title: 'Senha muito curta',
      description: 'A senha deve ter pelo menos 6 caracteres.',
    });
    expect(mensagemValidacao('senhasDiferentes')).toMatchObject({
      title: 'Senhas não coincidem',
      description: 'As senhas digitadas não são iguais.',
    });
    expect(textoInline('senhasDiferentes')).toBe('Por favor, digite a mesma senha nos dois campos.');
    expect(textoInline('novaSenhaObrigatoria')).toBe('Digite uma senha.');
  });
});
