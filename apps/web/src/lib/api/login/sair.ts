import type { PerfilAutenticado, SairRequest } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Login/Sair — ends the session on the server (the logout itself is local, docs/produto/acesso.md "States"). */
export function sair(perfilAutenticado: PerfilAutenticado): Promise<unknown> {
  return api.post('/api/Login/Sair', { perfilAutenticado } satisfies SairRequest);
}
