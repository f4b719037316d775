import type { RecuperarSenhaRequest, Sucesso, TipoSolicitacao } from '@portal/contract';
import { onlyDigits } from '@portal/br';
import { api } from '@/lib/api-client';

/**
 * POST /api/Login/RecuperarSenha — cpf as a number, celular (digits) only for the celular method
 * (docs/produto/acesso.md, "Data", "Validation"). The server sends the code to the contact on file and ignores `celular` (0002).
 */
export function recuperarSenha(cpf: string, tipoSolicitacao: TipoSolicitacao, celular: string): Promise<Sucesso> {
  const digits = onlyDigits(celular);
  const body: RecuperarSenhaRequest = {
    cpf: Number(cpf),
    tipoSolicitacao,
    ...(tipoSolicitacao === 'celular' && digits ? { celular: Number(digits) } : {}),
  };
  return api.post<Sucesso>('/api/Login/RecuperarSenha', body);
}
