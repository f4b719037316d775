import type { ConfirmarEmailRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Registro/ConfirmarEmail */
export function confirmarEmail(body: ConfirmarEmailRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/ConfirmarEmail', body);
}
