import type { AuditoriaResponse, EntregasWebhookResponse, ImportacoesAtendimentoResponse } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** GET /api/atendimento/importacoes (supervisor, administrador). */
export const useImportacoes = () =>
  useQuery(
    queryOptions({
      queryKey: chavesAtendimento.importacoes(),
      queryFn: ({ signal }) =>
        chamar<ImportacoesAtendimentoResponse>('/importacoes', { query: { limite: 50 }, signal }),
    }),
  );

/** GET /api/atendimento/webhooks/entregas (supervisor, administrador). */
export const useEntregas = (situacao: string) =>
  useQuery(
    queryOptions({
      queryKey: chavesAtendimento.entregas(situacao),
      queryFn: ({ signal }) =>
        chamar<EntregasWebhookResponse>('/webhooks/entregas', { query: { situacao, limite: 100 }, signal }),
      refetchInterval: 30_000,
    }),
  );

/** POST /api/atendimento/webhooks/mensagens/:id/reenviar (supervisor, administrador). */
export function useReenviar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mensagemId: string) =>
      chamar<{ reenviadas: number }>(`/webhooks/mensagens/${encodeURIComponent(mensagemId)}/reenviar`, { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['atendimento', 'entregas'] }),
  });
}

/** GET /api/atendimento/auditoria (administrador). */
export const useAuditoria = (filtros: Record<string, string>) =>
  useQuery(
    queryOptions({
      queryKey: chavesAtendimento.auditoria(filtros),
      queryFn: ({ signal }) => chamar<AuditoriaResponse>('/auditoria', { query: { ...filtros, limite: 100 }, signal }),
    }),
  );
