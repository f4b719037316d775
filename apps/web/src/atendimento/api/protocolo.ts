import type { AcaoProtocoloRequest, ProtocoloAtendimento } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** GET /api/atendimento/protocolos/:numero: the request, its history and the member's context (audited). */
export const protocoloQuery = (numero: string) =>
  queryOptions({
    queryKey: chavesAtendimento.protocolo(numero),
    queryFn: ({ signal }) => chamar<ProtocoloAtendimento>(`/protocolos/${encodeURIComponent(numero)}`, { signal }),
    staleTime: 0,
    // The page says 'not found' / 'could not load' itself.
    meta: { erro: false },
  });

export const useProtocolo = (numero: string) => useQuery(protocoloQuery(numero));

/** POST /api/atendimento/protocolos/:numero/acoes: answers with the protocol as it now is. */
export function useAcaoProtocolo(numero: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcaoProtocoloRequest) =>
      chamar<ProtocoloAtendimento>(`/protocolos/${encodeURIComponent(numero)}/acoes`, { body }),
    // The form shows the refusal beside the button.
    meta: { erro: false },
    onSuccess: (protocolo) => {
      qc.setQueryData(chavesAtendimento.protocolo(numero), protocolo);
      void qc.invalidateQueries({ queryKey: ['atendimento', 'fila'] });
    },
  });
}
