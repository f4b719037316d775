import type { PerfilAutenticado, RenovarSessaoRequest, RenovarSessaoResponse } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Login/RenovarSessao — the member is active: the server keeps the session open. */
export function renovarSessao(perfilAutenticado: PerfilAutenticado): Promise<RenovarSessaoResponse> {
  return api.post<RenovarSessaoResponse>('/api/Login/RenovarSessao', {
    perfilAutenticado,
  } satisfies RenovarSessaoRequest);
}
