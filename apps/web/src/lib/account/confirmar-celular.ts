import type { ConfirmarCelularRequest, Sucesso } from '@portal/contract';
import { useAction } from '../use-action';
import { api } from '../api-client';

/** POST /api/Registro/ConfirmarCelular */
export function confirmarCelular(body: ConfirmarCelularRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/ConfirmarCelular', body);
}

export function useConfirmarCelular() {
  return useAction(confirmarCelular);
}
