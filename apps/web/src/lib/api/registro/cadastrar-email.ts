import type { CadastrarEmailRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Registro/CadastrarEmail */
export function cadastrarEmail(body: CadastrarEmailRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/CadastrarEmail', body);
}
