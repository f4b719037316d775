import { describe, expect, it } from 'vitest';
import { novaSenhaFormSchema, SENHA_COMUM } from '@portal/contract';
import { mensagemValidacao, textoInline } from './mensagens';
import { validarCpf } from './validacao';

describe('docs/produto/acesso.md "Validation" validation', () => {
  it('CPF: required, 11 digits with valid check digits', () => {
    expect(validarCpf('')).toBe('cpfObrigatorio');
    expect(validarCpf('___.___.___-__')).toBe('cpfObrigatorio');
    expect(validarCpf('529.982.247-2')).toBe('cpfInvalido');
    expect(validarCpf('529.982.247-26')).toBe('cpfInvalido');
    expect(validarCpf('111.111.111-11')).toBe('cpfInvalido');
    expect(validarCpf('529.982.247-25')).toBe(true);
  });

  it('messages are the pairs of docs/produto/acesso.md, "Validation"', () => {
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

  it('messages of the shared zod form schemas find their pair in docs/produto/acesso.md', () => {
    expect(mensagemValidacao('As senhas digitadas não são iguais.')).toMatchObject({ title: 'Senhas não coincidem' });
    expect(textoInline('As senhas digitadas não são iguais.')).toBe('Por favor, digite a mesma senha nos dois campos.');
    expect(mensagemValidacao('Digite pelo menos um código de verificação.')?.title).toBe('Token obrigatório');
    expect(mensagemValidacao('Por favor, digite sua senha.')?.title).toBe('Campo obrigatório');
    expect(mensagemValidacao('texto desconhecido')).toBeUndefined();
  });
});

describe('common passwords (issue 13)', () => {
  it('the new-password form refuses the short Brazilian list under the field, with a title for the toast', () => {
    const r = novaSenhaFormSchema.safeParse({ senha: 'Senha123', confirmacaoSenha: 'Senha123' });
    expect(r.error?.issues[0]?.message).toBe(SENHA_COMUM);
    expect(mensagemValidacao(SENHA_COMUM)).toEqual({ title: 'Senha muito comum', description: SENHA_COMUM });
    expect(novaSenhaFormSchema.safeParse({ senha: 'kq7#vz', confirmacaoSenha: 'kq7#vz' }).success).toBe(true);
  });
});
