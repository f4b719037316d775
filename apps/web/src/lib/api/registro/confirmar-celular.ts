import type { ConfirmarCelularRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Registro/ConfirmarCelular */
export function confirmarCelular(body: ConfirmarCelularRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/ConfirmarCelular', body);
}
