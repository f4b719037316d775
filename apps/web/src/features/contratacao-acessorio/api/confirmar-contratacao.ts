import type {
  ConfirmarContratacaoRequest,
  ConfirmarContratacaoResponse,
  PerfilAutenticado,
  ServicoAdicional,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { caminho } from './caminho';
import { contratacaoKeys } from './keys';

/** The code (docs/produto/comercial.md, "Validation": sent as an integer) and the selection it was sent for. */
export type Confirmacao = Omit<ConfirmarContratacaoRequest, 'perfilAutenticado'> & { codigoToken: number };

/** POST /api/Servicos/{…}/ConfirmarContratacao: the result is in response.dados (docs/produto/comercial.md, "Calls"). */
export async function confirmarContratacao(
  perfilAutenticado: PerfilAutenticado,
  servico: ServicoAdicional,
  confirmacao: Confirmacao,
  chave: string,
) {
  const r = await api.post<Partial<ConfirmarContratacaoResponse>>(
    caminho(servico, 'ConfirmarContratacao'),
    { perfilAutenticado, ...confirmacao } satisfies ConfirmarContratacaoRequest,
    comChave(chave),
  );
  if (!r?.dados) throw new Error('ConfirmarContratacao answered without dados');
  return r.dados;
}

export function useConfirmarContratacao(servico: ServicoAdicional) {
  const perfil = usePerfilAutenticado();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ confirmacao, chave }: { confirmacao: Confirmacao; chave: string }) =>
      confirmarContratacao(perfil!, servico, confirmacao, chave),
    meta: { erro: { titulo: 'Erro na confirmação', mensagem: 'Token inválido ou expirado.' } },
    // The included beneficiaries now show 'Já Possui'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contratacaoKeys.oferta(servico) }),
  });
}
