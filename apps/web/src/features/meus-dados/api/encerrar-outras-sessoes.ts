import type { EncerrarOutrasSessoesResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { meusDadosKeys } from './keys';

/** POST /api/MeusDados/EncerrarOutrasSessoes: every other open session of the member ends. */
export function encerrarOutrasSessoes(perfilAutenticado: PerfilAutenticado) {
  return api.post<EncerrarOutrasSessoesResponse>('/api/MeusDados/EncerrarOutrasSessoes', { perfilAutenticado });
}

export function useEncerrarOutrasSessoes() {
  const perfil = usePerfilAutenticado();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => encerrarOutrasSessoes(perfil!),
    meta: { erro: { titulo: 'Erro ao encerrar sessões' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meusDadosKeys.acessos() }),
  });
}
