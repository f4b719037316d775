import type {
  ListarReembolsosResponse,
  PerfilAutenticado,
  PreviaReembolsoRequest,
  PreviaReembolsoResponse,
  ReembolsoDetalhe,
  SolicitarReembolsoRequest,
  SolicitarReembolsoResponse,
  VerificarReciboRequest,
  VerificarReciboResponse,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { listaDaResposta } from '@/lib/api/lista';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';
import { reembolsoKeys } from './keys';

type SemPerfil<T> = Omit<T, 'perfilAutenticado'>;

/** POST /api/Reembolso/Listar: the member's requests, newest first. */
export const listarReembolsosQuery = (perfilAutenticado: PerfilAutenticado) =>
  queryOptions({
    queryKey: reembolsoKeys.lista(),
    queryFn: ({ signal }) =>
      api.post<ListarReembolsosResponse>('/api/Reembolso/Listar', { perfilAutenticado }, { signal }),
    meta: { erro: { titulo: 'Erro ao carregar reembolsos' } },
  });

export function useReembolsos() {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...listarReembolsosQuery(perfil!), enabled: perfil !== null });
}

/** POST /api/Reembolso/Detalhe: one request with its attachments and history (404 when not the member's). */
export const detalheReembolsoQuery = (perfilAutenticado: PerfilAutenticado, protocolo: string) =>
  queryOptions({
    queryKey: reembolsoKeys.detalhe(protocolo),
    queryFn: ({ signal }) =>
      api.post<ReembolsoDetalhe>('/api/Reembolso/Detalhe', { perfilAutenticado, protocolo }, { signal }),
    // The page says what went wrong in place ('Solicitação não encontrada.' is an answer, not a fault).
    meta: { erro: false },
  });

export function useDetalheReembolso(protocolo: string) {
  const perfil = usePerfilAutenticado();
  return useQuery({ ...detalheReembolsoQuery(perfil!, protocolo), enabled: perfil !== null });
}

/** Who may be the patient: a holder, anyone on the contract; a dependant, only themself. */
export interface BeneficiarioReembolso {
  cpf: string;
  nome: string;
}

/**
 * The beneficiaries the member may ask for, from POST /api/Carteirinha/ListarCarteirinhas (the same
 * scope as the request: the whole contract for a holder, oneself for a dependant), the member's own
 * first; a beneficiary whose coverage ended is left out.
 */
export function useBeneficiariosReembolso() {
  const perfil = usePerfilAutenticado();
  return useQuery({
    queryKey: reembolsoKeys.beneficiarios(),
    queryFn: async ({ signal }) => {
      const r = await api.post<unknown>(
        '/api/Carteirinha/ListarCarteirinhas',
        { perfilAutenticado: perfil },
        { signal },
      );
      return listaDaResposta(r).flatMap((c): BeneficiarioReembolso[] => {
        if (!c || typeof c !== 'object') return [];
        const { cpf, nome, dataCancelamento } = c as Record<string, unknown>;
        if (typeof cpf !== 'string' || typeof nome !== 'string' || dataCancelamento) return [];
        return [{ cpf: cpf.replace(/\D/g, ''), nome }];
      });
    },
    enabled: perfil !== null,
    meta: { erro: { titulo: 'Erro ao carregar dados' } },
    staleTime: 5 * 60_000,
  });
}

/** POST /api/Reembolso/Previa: the estimate, never a promise. The form shows refusals in place. */
export function usePreviaReembolso() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (corpo: SemPerfil<PreviaReembolsoRequest>) =>
      api.post<PreviaReembolsoResponse>('/api/Reembolso/Previa', { perfilAutenticado: perfil, ...corpo }),
    meta: { erro: false },
  });
}

/**
 * POST /api/Reembolso/VerificarRecibo: whether the member's contract already sent this receipt
 * (decision 0056). Asked with the estimate; a failure only leaves the warning out (the server still
 * answers 409 RECIBO_REPETIDO on sending).
 */
export function useVerificarRecibo() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: (corpo: SemPerfil<VerificarReciboRequest>) =>
      api.post<VerificarReciboResponse>('/api/Reembolso/VerificarRecibo', { perfilAutenticado: perfil, ...corpo }),
    meta: { erro: false },
  });
}

/** POST /api/Reembolso/Solicitar with the submission's Idempotency-Key (decision 0012). */
export function useSolicitarReembolso() {
  const perfil = usePerfilAutenticado();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ corpo, chave }: { corpo: SemPerfil<SolicitarReembolsoRequest>; chave: string }) =>
      api.post<SolicitarReembolsoResponse>(
        '/api/Reembolso/Solicitar',
        { perfilAutenticado: perfil, ...corpo },
        comChave(chave),
      ),
    meta: { erro: false },
    onSuccess: () => client.invalidateQueries({ queryKey: reembolsoKeys.lista() }),
  });
}

/** POST /api/Reembolso/ResponderPendencia: what the operator asked for, uploaded. */
export function useResponderPendencia(protocolo: string) {
  const perfil = usePerfilAutenticado();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ anexos, mensagem, chave }: { anexos: string[]; mensagem?: string; chave: string }) =>
      api.post<{ sucesso: true; mensagem: string; prazoPagamento: string }>(
        '/api/Reembolso/ResponderPendencia',
        { perfilAutenticado: perfil, protocolo, anexos, ...(mensagem ? { mensagem } : {}) },
        comChave(chave),
      ),
    meta: { erro: false },
    onSuccess: () => client.invalidateQueries({ queryKey: reembolsoKeys.all }),
  });
}

/** POST /api/Reembolso/Demonstrativo: the 'Demonstrativo de reembolso' PDF. */
export function useBaixarDemonstrativo() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (protocolo: string) => {
      const blob = await api.post<Blob>(
        '/api/Reembolso/Demonstrativo',
        { perfilAutenticado: perfil, protocolo },
        { responseType: 'blob' },
      );
      if (!(blob instanceof Blob) || blob.size === 0 || !blob.type.includes('pdf')) {
        throw new ApiError({ kind: 'http', status: 200, code: 'DOCUMENTO_INVALIDO' });
      }
      return blob;
    },
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter o demonstrativo. Tente novamente.' },
    },
  });
}

/** POST /api/Reembolso/BaixarAnexo: an attachment as the API keeps it (images re-encoded, without EXIF). */
export function useBaixarAnexoReembolso() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (id: string) => {
      const blob = await api.post<Blob>(
        '/api/Reembolso/BaixarAnexo',
        { perfilAutenticado: perfil, id },
        { responseType: 'blob' },
      );
      if (!(blob instanceof Blob) || blob.size === 0) {
        throw new ApiError({ kind: 'http', status: 200, code: 'DOCUMENTO_INVALIDO' });
      }
      return blob;
    },
    meta: {
      erro: { titulo: 'Erro ao baixar documento', mensagem: 'Não foi possível obter o arquivo. Tente novamente.' },
    },
  });
}
