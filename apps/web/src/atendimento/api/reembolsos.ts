import type {
  AprovarReembolsoRequest,
  ConfirmarAprovacaoReembolsoRequest,
  MarcarPagoReembolsoRequest,
  NegarReembolsoRequest,
  PedirDocumentosReembolsoRequest,
  RecusarAprovacaoReembolsoRequest,
  ReembolsoAtendimento,
  ReembolsosAtendimentoResponse,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { baixarArquivo, chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/**
 * GET /api/atendimento/reembolsos: by legal payment deadline (the nearest first; 'pendente' last);
 * responsavel eu: 'Minha fila', ninguem: those nobody took (decision 0055).
 */
export const reembolsosQuery = (situacao: string, responsavel?: 'eu' | 'ninguem') =>
  queryOptions({
    queryKey: chavesAtendimento.reembolsos(situacao, responsavel),
    queryFn: ({ signal }) =>
      chamar<ReembolsosAtendimentoResponse>('/reembolsos', {
        query: { situacao, limite: 200, ...(responsavel ? { responsavel } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useReembolsos = (situacao: string, responsavel?: 'eu' | 'ninguem') =>
  useQuery(reembolsosQuery(situacao, responsavel));

/** GET /api/atendimento/reembolsos/:protocolo (audited). */
export const reembolsoQuery = (protocolo: string) =>
  queryOptions({
    queryKey: chavesAtendimento.reembolso(protocolo),
    queryFn: ({ signal }) => chamar<ReembolsoAtendimento>(`/reembolsos/${encodeURIComponent(protocolo)}`, { signal }),
    staleTime: 0,
    meta: { erro: false },
  });

export const useReembolso = (protocolo: string) => useQuery(reembolsoQuery(protocolo));

/** Where the browser downloads an attachment (the staff cookie goes with it: same path). */
export const urlDoAnexo = (protocolo: string, id: string) =>
  `/api/atendimento/reembolsos/${encodeURIComponent(protocolo)}/anexos/${encodeURIComponent(id)}`;

/** The attachment's bytes, to show in a new tab ('Abrir'). */
export const anexoComoBlob = (protocolo: string, id: string) =>
  baixarArquivo(`/reembolsos/${encodeURIComponent(protocolo)}/anexos/${encodeURIComponent(id)}`);

export type AcaoReembolso =
  | { acao: 'analise' }
  | { acao: 'pendencia'; corpo: PedirDocumentosReembolsoRequest }
  | { acao: 'aprovacao'; corpo: AprovarReembolsoRequest }
  | { acao: 'confirmacao'; corpo: ConfirmarAprovacaoReembolsoRequest }
  | { acao: 'recusa'; corpo: RecusarAprovacaoReembolsoRequest }
  | { acao: 'negativa'; corpo: NegarReembolsoRequest }
  | { acao: 'pagamento'; corpo: MarcarPagoReembolsoRequest };

/**
 * POST …/analise | pendencia | aprovacao | confirmacao | recusa | negativa | pagamento: answers with the
 * request as it now is. Each carries the version the screen shows (a stale one: 409, decision 0055).
 */
export function useAcaoReembolso(protocolo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ versao, ...a }: AcaoReembolso & { versao: number }) =>
      chamar<ReembolsoAtendimento>(`/reembolsos/${encodeURIComponent(protocolo)}/${a.acao}`, {
        body: { ...('corpo' in a ? a.corpo : {}), versao },
      }),
    meta: { erro: false },
    onSuccess: (r) => {
      qc.setQueryData(chavesAtendimento.reembolso(protocolo), r);
      void qc.invalidateQueries({ queryKey: ['atendimento', 'reembolsos'] });
    },
  });
}
