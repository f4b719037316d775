import type { CadastrarSenhaRequest, CadastrarSenhaResponse } from '@portal/contract';
import { useAction } from '@/lib/use-action';
import { api } from '@/lib/api-client';

/** POST /api/Registro/CadastrarSenha: `dataCancelamento` when the account is a former member's (0018). */
export function cadastrarSenha(body: CadastrarSenhaRequest): Promise<CadastrarSenhaResponse> {
  return api.post<CadastrarSenhaResponse>('/api/Registro/CadastrarSenha', body);
}

export function useCadastrarSenha() {
  return useAction(cadastrarSenha);
}
