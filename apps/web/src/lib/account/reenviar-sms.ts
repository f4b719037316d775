import type { ReenviarSmsRequest, ReenviarSmsResponse } from '@portal/contract';
import { api } from '../api-client';

/** POST /api/Registro/ReenviarSmsConfirmacao — answers { sucesso, erro } (200 even when refused). */
export function reenviarSms(cpf: string): Promise<ReenviarSmsResponse> {
  const body: ReenviarSmsRequest = { cpf };
  return api.post<ReenviarSmsResponse>('/api/Registro/ReenviarSmsConfirmacao', body);
}
