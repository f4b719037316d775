import type { PerfilConta, PerfisDaContaRequest } from '@portal/contract';
import { useAction } from '@/lib/use-action';
import { api } from '@/lib/api-client';

/** POST /api/Login/PerfisDaConta — cpf as a number (docs/produto/acesso.md, "Calls"). A wrong password answers 200 []. */
export function perfisDaConta(cpf: string, senha: string): Promise<PerfilConta[]> {
  const body: PerfisDaContaRequest = { cpf: Number(cpf), senha };
  return api.post<PerfilConta[]>('/api/Login/PerfisDaConta', body);
}

export function usePerfisDaConta() {
  return useAction(perfisDaConta);
}
