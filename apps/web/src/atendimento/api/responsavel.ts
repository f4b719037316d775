import { PRESENCA_ATENDIMENTO } from '@portal/contract/atendimento';
import type {
  EquipeAtivaResponse,
  PresencaResponse,
  ProtocoloAtendimento,
  ReembolsoAtendimento,
  ResponsavelProtocoloRequest,
  ResponsavelProtocoloResponse,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chamar } from '../lib/cliente';
import { chavesAtendimento } from './keys';

/** Who is on a protocol (issue 31, decision 0055): its owner, the staff to assign to, who else has it open. */

const caminho = (numero: string, resto: string) => `/protocolos/${encodeURIComponent(numero)}/${resto}`;

/**
 * POST …/responsavel: assumir, liberar, atribuir; the case and the queues follow. A reimbursement
 * request is one protocol: its owner is its protocol's, so its screen and list follow too.
 */
export function useResponsavel(numero: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ResponsavelProtocoloRequest) =>
      chamar<ResponsavelProtocoloResponse>(caminho(numero, 'responsavel'), { body }),
    meta: { erro: { titulo: 'Não foi possível mudar o responsável' } },
    onSuccess: ({ responsavel }) => {
      qc.setQueryData<ProtocoloAtendimento>(chavesAtendimento.protocolo(numero), (p) =>
        p ? { ...p, responsavel } : p,
      );
      qc.setQueryData<ReembolsoAtendimento>(chavesAtendimento.reembolso(numero), (r) =>
        r ? { ...r, responsavel } : r,
      );
      void qc.invalidateQueries({ queryKey: ['atendimento', 'fila'] });
      void qc.invalidateQueries({ queryKey: ['atendimento', 'reembolsos'] });
    },
  });
}

/** GET /equipe (supervisor, administrador): whom a protocol may be assigned to. */
export const useEquipeAtiva = (ativa: boolean) =>
  useQuery({
    queryKey: ['atendimento', 'equipe'],
    queryFn: ({ signal }) => chamar<EquipeAtivaResponse>('/equipe', { signal }),
    enabled: ativa,
    staleTime: 5 * 60_000,
  });

/**
 * The case screen's heartbeat: POST …/presenca now and every 20 s while the screen is open (and
 * the tab visible), DELETE when it closes. The answer is who else has it open.
 */
export function usePresenca(numero: string, ativo: boolean) {
  const q = useQuery({
    queryKey: ['atendimento', 'presenca', numero],
    queryFn: () => chamar<PresencaResponse>(caminho(numero, 'presenca'), { body: {} }),
    enabled: ativo,
    refetchInterval: PRESENCA_ATENDIMENTO.intervaloMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // A missed beat says nothing to the person: the next one tries again.
    meta: { erro: false },
  });
  useEffect(
    () => () => {
      void chamar(caminho(numero, 'presenca'), { method: 'DELETE' }).catch(() => undefined);
    },
    [numero],
  );
  return q.data?.presentes;
}
