import type { NotaInterna, NotasInternasResponse, NovaNotaInternaRequest } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** GET /api/atendimento/protocolos/:numero/notas: the staff's internal notes, oldest first (audited). */
export const notasQuery = (protocolo: string) =>
  queryOptions({
    queryKey: chavesAtendimento.notas(protocolo),
    queryFn: ({ signal }) =>
      chamar<NotasInternasResponse>(`/protocolos/${encodeURIComponent(protocolo)}/notas`, { signal }),
    staleTime: 0,
    meta: { erro: false },
  });

export const useNotas = (protocolo: string) => useQuery(notasQuery(protocolo));

/** POST /api/atendimento/protocolos/:numero/notas: the note with its author and time. */
export function useEscreverNota(protocolo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (corpo: NovaNotaInternaRequest) =>
      chamar<NotaInterna>(`/protocolos/${encodeURIComponent(protocolo)}/notas`, { body: corpo }),
    meta: { erro: false },
    onSuccess: (nota) => {
      qc.setQueryData(chavesAtendimento.notas(protocolo), (antes: NotasInternasResponse | undefined) => ({
        notas: [...(antes?.notas ?? []), nota],
      }));
    },
  });
}
