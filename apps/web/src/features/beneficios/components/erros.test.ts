import { expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SemLink } from '../api/link-do-clube';
import { erroDoClube } from './erros';

it("docs/produto/beneficios.md 'Messages': a connection error is 'Erro inesperado', a refusal or a missing link 'Erro ao obter link'", () => {
  expect(erroDoClube(new ApiError({ kind: 'network' }))).toEqual({
    titulo: 'Erro inesperado',
    mensagem: 'Verifique sua conexão com a internet.',
  });
  expect(
    erroDoClube(
      new ApiError({ kind: 'http', status: 404, serverMessage: 'O clube de benefícios não está disponível.' }),
    ),
  ).toEqual({ titulo: 'Erro ao obter link', mensagem: 'O clube de benefícios não está disponível.' });
  expect(erroDoClube(new SemLink()).titulo).toBe('Erro ao obter link');
});
