import type { PerfilAutenticado, SmartLinkLoginResponse } from '@portal/contract';
import { TERMO_CLUBE } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';

/**
 * POST /api/Clube/SmartLinkLogin (docs/produto/beneficios.md, "Calls"): records the consent to the text version shown and
 * answers the partner link (webSmartLink). A 200 without a link is 'Erro ao obter link'.
 */
export async function smartLinkLogin(perfilAutenticado: PerfilAutenticado, cpf: string, chave: string) {
  const r = await api.post<Partial<SmartLinkLoginResponse>>(
    '/api/Clube/SmartLinkLogin',
    { perfilAutenticado, cpf, versaoTermo: TERMO_CLUBE.versao },
    comChave(chave),
  );
  if (!r?.webSmartLink) throw new SemLink();
  return r as SmartLinkLoginResponse;
}

export class SemLink extends Error {
  constructor() {
    super('Não foi possível obter o link do parceiro. Tente novamente.');
    this.name = 'SemLink';
  }
}

/** Errors are toasted by the page (docs/produto/beneficios.md, "Messages" has three different titles). */
export function useSmartLinkLogin() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ cpf, chave }: { cpf: string; chave: string }) => smartLinkLogin(perfil!, cpf, chave),
    meta: { erro: false },
  });
}
