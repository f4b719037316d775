import type { CadastrarCelularRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Registro/CadastrarCelular */
export function cadastrarCelular(body: CadastrarCelularRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/CadastrarCelular', body);
}
