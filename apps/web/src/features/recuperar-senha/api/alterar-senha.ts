import type { AlterarSenhaRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** POST /api/Login/AlterarSenha — needs the validated code again; ends the member's other sessions. */
export function alterarSenha(body: AlterarSenhaRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Login/AlterarSenha', { ...body, cpf: Number(body.cpf) });
}

export function useAlterarSenha() {
  return useAction(alterarSenha);
}
