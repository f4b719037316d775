import type { PerfilAutenticado, RevogarConsentimentoResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { meusDadosKeys } from './keys';

/** POST /api/MeusDados/RevogarConsentimento (with an Idempotency-Key). */
export function revogarConsentimento(perfilAutenticado: PerfilAutenticado, idConsentimento: number, chave: string) {
  return api.post<RevogarConsentimentoResponse>(
    '/api/MeusDados/RevogarConsentimento',
    { perfilAutenticado, idConsentimento },
    comChave(chave),
  );
}

export function useRevogarConsentimento() {
  const perfil = usePerfilAutenticado();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idConsentimento, chave }: { idConsentimento: number; chave: string }) =>
      revogarConsentimento(perfil!, idConsentimento, chave),
    meta: { erro: { titulo: 'Erro ao revogar consentimento' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meusDadosKeys.consentimentos() }),
  });
}
