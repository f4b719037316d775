import type { CadastrarSenhaRequest, Sucesso } from '@portal/contract';
import { useAction } from '@/lib/use-action';
import { api } from '@/lib/api-client';

/** POST /api/Registro/CadastrarSenha */
export function cadastrarSenha(body: CadastrarSenhaRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/CadastrarSenha', body);
}

export function useCadastrarSenha() {
  return useAction(cadastrarSenha);
}
