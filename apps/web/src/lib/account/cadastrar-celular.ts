import type { CadastrarCelularRequest, Sucesso } from '@portal/contract';
import { useAction } from '../use-action';
import { api } from '../api-client';

/** POST /api/Registro/CadastrarCelular */
export function cadastrarCelular(body: CadastrarCelularRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/CadastrarCelular', body);
}

export function useCadastrarCelular() {
  return useAction(cadastrarCelular);
}
