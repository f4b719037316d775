import type { ConfirmarCancelamentoRequest, ConfirmarCancelamentoResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SITUACAO_DO_PLANO } from '@/lib/api/situacao-do-plano';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { cancelamentoKeys } from './keys';

/** The code (docs/produto/comercial.md, "Validation": an integer) and the same selection the acknowledgement recorded. */
export type ConfirmacaoCancelamento = Omit<ConfirmarCancelamentoRequest, 'perfilAutenticado'> & { codigoToken: number };

/** POST /api/Cancelamento/Confirmar (Idempotency-Key): the result is in response.dados. */
export async function confirmarCancelamento(
  perfilAutenticado: PerfilAutenticado,
  confirmacao: ConfirmacaoCancelamento,
  chave: string,
) {
  const r = await api.post<Partial<ConfirmarCancelamentoResponse>>(
    '/api/Cancelamento/Confirmar',
    { perfilAutenticado, ...confirmacao } satisfies ConfirmarCancelamentoRequest,
    comChave(chave),
  );
  if (!r?.dados) throw new Error('Confirmar answered without dados');
  return r.dados;
}

export function useConfirmarCancelamento() {
  const perfil = usePerfilAutenticado();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ confirmacao, chave }: { confirmacao: ConfirmacaoCancelamento; chave: string }) =>
      confirmarCancelamento(perfil!, confirmacao, chave),
    meta: { erro: { titulo: 'Erro na confirmação', mensagem: 'Token inválido ou expirado.' } },
    // Not awaited: TanStack runs the caller's onSuccess (which shows the success screen) only after
    // this one settles, and a refetch that lands first swaps the flow for the 'Cancelado em' view,
    // unmounting the caller so its callback never runs.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cancelamentoKeys.all });
      // Every screen's notion of the plan: the Home banner, the header, the areas it closes.
      void queryClient.invalidateQueries({ queryKey: SITUACAO_DO_PLANO });
    },
  });
}
