import type { CriarModeloDeRespostaRequest, ModeloDeResposta } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** GET /api/atendimento/modelos-de-resposta: reusable answer texts. */
export const modelosQuery = () =>
  queryOptions({
    queryKey: chavesAtendimento.modelos(),
    queryFn: ({ signal }) => chamar<{ modelos: ModeloDeResposta[] }>('/modelos-de-resposta', { signal }),
    staleTime: 5 * 60_000,
  });

export const useModelos = () => useQuery(modelosQuery());

/** POST/DELETE /api/atendimento/modelos-de-resposta (supervisor, administrador). */
export function useGerirModelos() {
  const qc = useQueryClient();
  const depois = () => qc.invalidateQueries({ queryKey: chavesAtendimento.modelos() });
  const criar = useMutation({
    mutationFn: (body: CriarModeloDeRespostaRequest) => chamar<ModeloDeResposta>('/modelos-de-resposta', { body }),
    // The form shows the refusal itself.
    meta: { erro: false },
    onSuccess: depois,
  });
  const excluir = useMutation({
    mutationFn: (id: string) => chamar<null>(`/modelos-de-resposta/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { erro: { titulo: 'Não foi possível excluir o modelo' } },
    onSuccess: depois,
  });
  return { criar, excluir };
}
