import type { CancelamentoConcluido, PerfilAutenticado } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { cancelamentoKeys } from './keys';
import type { SelecaoCancelamento } from './registrar-ciencia';

export type ConfirmacaoCancelamento = SelecaoCancelamento & { codigoToken: number };

/** POST /api/Cancelamento/Confirmar (Idempotency-Key): the result is in response.dados. */
export async function confirmarCancelamento(
  perfilAutenticado: PerfilAutenticado,
  confirmacao: ConfirmacaoCancelamento,
  chave: string,
) {
  const r = await api.post<{ dados?: CancelamentoConcluido }>(
    '/api/Cancelamento/Confirmar',
    { perfilAutenticado, ...confirmacao },
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
    },
  });
}
