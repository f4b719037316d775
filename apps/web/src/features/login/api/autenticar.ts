import type { AutenticarRequest, AutenticarResponse } from '@portal/contract';
import { useAction } from '@/lib/use-action';
import { api } from '@/lib/api-client';

/** POST /api/Login/Autenticar — sets the HttpOnly session cookie on success (0002). */
export function autenticar(body: AutenticarRequest): Promise<AutenticarResponse> {
  return api.post<AutenticarResponse>('/api/Login/Autenticar', body);
}

export function useAutenticar() {
  return useAction(autenticar);
}
