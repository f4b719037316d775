import type { VerificarCpfResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { interpretarVerificacao } from './verificar-cpf';

const dados: VerificarCpfResponse = {
  sucesso: true,
  erro: null,
  beneficiario: true,
  nome: 'Roberto Alves Pereira',
  email: 'rob****@exemplo.com.br',
  celular: '(31) *****-4567',
  temContaNoApp: true,
  temSenhaCadastrada: true,
};

describe('interpretarVerificacao (docs/produto/acesso.md, "Messages" CPF check)', () => {
  it('a beneficiary goes on', () => {
    expect(interpretarVerificacao({ dados })).toEqual({ ok: true, dados });
  });

  it('not a beneficiary', () => {
    expect(interpretarVerificacao({ dados: { ...dados, beneficiario: false } })).toEqual({
      ok: false,
      erro: { title: 'Beneficiário não encontrado', description: 'Este CPF não pertence a um beneficiário ativo.' },
    });
  });

  it('sucesso false uses erro, else the default', () => {
    expect(interpretarVerificacao({ dados: { ...dados, sucesso: false, erro: 'Falhou.' } })).toMatchObject({
      erro: { title: 'Erro', description: 'Falhou.' },
    });
    expect(interpretarVerificacao({ dados: { ...dados, sucesso: false, erro: null } })).toMatchObject({
      erro: { title: 'Erro', description: 'Erro ao verificar CPF.' },
    });
  });

  it('404 CPF_NAO_ENCONTRADO shows the server message', () => {
    const error = new ApiError({
      kind: 'http',
      status: 404,
      code: 'CPF_NAO_ENCONTRADO',
      serverMessage: 'CPF não encontrado em nossa base de beneficiários.',
    });
    expect(interpretarVerificacao({ error })).toEqual({
      ok: false,
      erro: { title: 'CPF não encontrado', description: 'CPF não encontrado em nossa base de beneficiários.' },
    });
    expect(interpretarVerificacao({ error: new ApiError({ kind: 'http', status: 404 }) })).toMatchObject({
      erro: { title: 'CPF não encontrado', description: 'Erro na verificação do CPF.' },
    });
  });

  it('connection and other failures', () => {
    expect(interpretarVerificacao({ error: new ApiError({ kind: 'network' }) })).toMatchObject({
      erro: { title: 'Erro de conexão', description: 'Não foi possível conectar com o servidor. Tente novamente.' },
    });
    expect(
      interpretarVerificacao({
        error: new ApiError({ kind: 'http', status: 429, serverMessage: 'Muitas consultas. Aguarde 1 minuto.' }),
      }),
    ).toMatchObject({
      erro: { title: 'Erro', description: 'Muitas consultas. Aguarde 1 minuto.' },
    });
    expect(interpretarVerificacao({ error: new ApiError({ kind: 'http', status: 500 }) })).toMatchObject({
      erro: { title: 'Erro', description: 'Erro ao verificar CPF.' },
    });
  });
});
