import type { PerfilAutenticado, SolicitarCorrecaoRequest, SolicitarCorrecaoResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';

export type Correcao = Omit<SolicitarCorrecaoRequest, 'perfilAutenticado'>;

/** POST /api/MeusDados/SolicitarCorrecao (with an Idempotency-Key): a CORRECAO_DADOS protocol. */
export function solicitarCorrecao(perfilAutenticado: PerfilAutenticado, correcao: Correcao, chave: string) {
  return api.post<SolicitarCorrecaoResponse>(
    '/api/MeusDados/SolicitarCorrecao',
    { perfilAutenticado, ...correcao },
    comChave(chave),
  );
}

export function useSolicitarCorrecao() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ correcao, chave }: { correcao: Correcao; chave: string }) =>
      solicitarCorrecao(perfil!, correcao, chave),
    meta: { erro: { titulo: 'Erro ao enviar solicitação' } },
  });
}
