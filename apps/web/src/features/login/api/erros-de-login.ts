// Relative imports in unit-tested modules: the root vitest config has no '@' alias.
import { isApiError } from '../../../lib/api-client';
import type { Mensagem } from '../../../lib/conta/mensagens';

export const CREDENCIAIS_INVALIDAS: Mensagem = {
  title: 'CPF ou senha inválidos',
  description: 'Verifique suas credenciais e tente novamente.',
};

export const SENHA_INCORRETA: Mensagem = {
  title: 'Credenciais incorretas',
  description: 'Senha incorreta. Tente novamente.',
};

/** docs/produto/acesso.md "Messages" for a failed PerfisDaConta / Autenticar call. */
export function mensagemErroLogin(error: unknown): Mensagem {
  if (!isApiError(error))
    return { title: 'Erro de conexão', description: 'Não foi possível conectar ao servidor. Tente novamente.' };
  if (error.kind === 'network') return { title: 'Erro de rede', description: 'Verifique sua conexão com a internet.' };
  if (error.kind === 'timeout')
    return { title: 'Erro de conexão', description: 'Não foi possível conectar ao servidor. Tente novamente.' };
  switch (error.status) {
    case 401:
      return CREDENCIAIS_INVALIDAS;
    case 400:
      return { title: 'Dados inválidos', description: error.serverMessage ?? 'Verifique os dados informados.' };
    case 500:
      return { title: 'Erro do servidor', description: 'Erro interno do servidor. Tente novamente em alguns minutos.' };
    default:
      // 429 lands here: the server's message says how long to wait.
      return { title: 'Erro inesperado', description: error.serverMessage ?? `Erro ${error.status}. Tente novamente.` };
  }
}
