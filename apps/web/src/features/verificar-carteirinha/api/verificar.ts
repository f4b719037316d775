import type { VerificarCarteirinhaResponse } from '@portal/contract';
import { api } from '@/lib/api-client';

/**
 * POST /api/CarteirinhaDigital/Verificar (app token, no session): whether the card behind a QR
 * token or typed code covers today, and whose it is (name and plan only).
 */
export function verificarCarteirinha(token: string): Promise<VerificarCarteirinhaResponse> {
  return api.post<VerificarCarteirinhaResponse>('/api/CarteirinhaDigital/Verificar', { token });
}
