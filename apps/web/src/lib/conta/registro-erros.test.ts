import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { mensagemErroRegistro, segundosDeEspera } from './registro-erros';

describe('registration errors', () => {
  it('shows 4xx server messages, hides 5xx and network behind docs/produto/acesso.md "Messages"', () => {
    const divergente = new ApiError({
      kind: 'http',
      status: 422,
      code: 'CONTATO_DIVERGENTE',
      serverMessage:
        'O celular informado não confere com o cadastro do beneficiário. Atualize seus dados junto à operadora.',
    });
    expect(mensagemErroRegistro(divergente).description).toMatch(/operadora/);
    expect(mensagemErroRegistro(new ApiError({ kind: 'http', status: 500, serverMessage: 'x' }))).toEqual({
      title: 'Erro de conexão',
      description: 'Erro no servidor. Tente novamente.',
    });
    expect(mensagemErroRegistro(new ApiError({ kind: 'network' }))).toEqual({
      title: 'Erro de conexão',
      description: 'Erro no servidor. Tente novamente.',
    });
  });

  it('reads the wait of a 429', () => {
    expect(segundosDeEspera(new ApiError({ kind: 'http', status: 429, aguardarSegundos: 87 }))).toBe(87);
    expect(segundosDeEspera(new ApiError({ kind: 'http', status: 422 }))).toBeNull();
  });
});
