import type { Sucesso, ValidarTokenRecuperacaoRequest } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Login/ValidarTokenRecuperacao — checks the code without using it up. */
export function validarTokenRecuperacao(body: ValidarTokenRecuperacaoRequest): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Login/ValidarTokenRecuperacao', { ...body, cpf: Number(body.cpf) });
}
