import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { mensagemErroLogin } from './erros-de-login';

const http = (status: number, serverMessage: string | null = null) =>
  new ApiError({ kind: 'http', status, serverMessage });

describe('mensagemErroLogin (docs/produto/acesso.md, "Messages" Login)', () => {
  it("maps statuses to that page's 'Title / message' pairs", () => {
    expect(mensagemErroLogin(http(401, 'Token inválido.'))).toEqual({
      title: 'CPF ou senha inválidos',
      description: 'Verifique suas credenciais e tente novamente.',
    });
    expect(mensagemErroLogin(http(400))).toEqual({
      title: 'Dados inválidos',
      description: 'Verifique os dados informados.',
    });
    expect(mensagemErroLogin(http(400, 'CPF inválido.'))).toEqual({
      title: 'Dados inválidos',
      description: 'CPF inválido.',
    });
    expect(mensagemErroLogin(http(500))).toEqual({
      title: 'Erro do servidor',
      description: 'Erro interno do servidor. Tente novamente em alguns minutos.',
    });
    expect(mensagemErroLogin(http(503))).toEqual({
      title: 'Erro inesperado',
      description: 'Erro 503. Tente novamente.',
    });
  });

  it('a 429 shows the server message under Erro inesperado', () => {
    expect(mensagemErroLogin(http(429, 'Muitas tentativas. Aguarde 30 segundos.'))).toEqual({
      title: 'Erro inesperado',
      description: 'Muitas tentativas. Aguarde 30 segundos.',
    });
  });

  it('network and other failures', () => {
    expect(mensagemErroLogin(new ApiError({ kind: 'network' }))).toEqual({
      title: 'Erro de rede',
      description: 'Verifique sua conexão com a internet.',
    });
    expect(mensagemErroLogin(new ApiError({ kind: 'timeout' }))).toEqual({
      title: 'Erro de conexão',
      description: 'Não foi possível conectar ao servidor. Tente novamente.',
    });
    expect(mensagemErroLogin(new Error('boom'))).toEqual({
      title: 'Erro de conexão',
      description: 'Não foi possível conectar ao servidor. Tente novamente.',
    });
  });
});
