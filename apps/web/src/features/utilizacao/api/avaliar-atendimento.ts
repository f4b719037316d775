import type { AvaliarAtendimentoRequest, AvaliarAtendimentoResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { utilizacaoKeys } from './keys';
import type { Historico } from './listar-utilizacao';

export type Avaliacao = Omit<AvaliarAtendimentoRequest, 'perfilAutenticado'>;

/** POST /api/utilizacao/AvaliarAtendimento (docs/produto/utilizacao.md, "Data"). */
export function avaliarAtendimento(perfilAutenticado: PerfilAutenticado, avaliacao: Avaliacao, chave: string) {
  return api.post<AvaliarAtendimentoResponse>(
    '/api/utilizacao/AvaliarAtendimento',
    { perfilAutenticado, ...avaliacao },
    comChave(chave),
  );
}

/**
 * docs/produto/utilizacao.md "States": after success the care is marked jaAvaliado at once (the list is then
 * refreshed from the server, which keeps the flag).
 */
export function useAvaliarAtendimento() {
  const perfil = usePerfilAutenticado();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ avaliacao, chave }: { avaliacao: Avaliacao; chave: string }) =>
      avaliarAtendimento(perfil!, avaliacao, chave),
    meta: { erro: { titulo: 'Erro ao enviar avaliação' } },
    onSuccess: (r, { avaliacao }) => {
      const key = utilizacaoKeys.lista(avaliacao.codigoBeneficiario);
      queryClient.setQueryData<Historico>(key, (h) =>
        h
          ? {
              ...h,
              procedimentos: h.procedimentos.map((p) =>
                p.procedimento === avaliacao.codigoPrestador && p.data === avaliacao.data
                  ? { ...p, jaAvaliado: true, protocoloAvaliacao: r.protocolo }
                  : p,
              ),
            }
          : h,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
