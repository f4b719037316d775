import type { CriarContaRequest, Sucesso } from '@portal/contract';
import { api } from '@/lib/api-client';

/** POST /api/Registro/CriarConta */
export function criarConta(cpf: string): Promise<Sucesso> {
  return api.post<Sucesso>('/api/Registro/CriarConta', { cpf } satisfies CriarContaRequest);
}
