import { isApiError } from '@/lib/api-client';
import { mensagemDoErro } from '@/lib/query-errors';

/** docs/produto/beneficios.md "Messages": no answer at all is 'Erro inesperado'; anything else is 'Erro ao obter link'. */
export function erroDoClube(e: unknown): { titulo: string; mensagem: string } {
  if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout'))
    return { titulo: 'Erro inesperado', mensagem: mensagemDoErro(e) };
  if (isApiError(e))
    return { titulo: 'Erro ao obter link', mensagem: e.serverMessage ?? 'Não foi possível obter o link do parceiro.' };
  return {
    titulo: 'Erro ao obter link',
    mensagem: e instanceof Error ? e.message : 'Não foi possível obter o link do parceiro.',
  };
}
