import type { FazerInscricaoRequest, FazerInscricaoResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';

export type Inscricao = Omit<FazerInscricaoRequest, 'perfilAutenticado'>;

/** POST /api/MedicinaPreventiva/FazerInscricao (docs/produto/medicina-preventiva.md, "Calls"): cpf and telefone as digits, dataNascimento ISO. */
export function fazerInscricao(perfilAutenticado: PerfilAutenticado, inscricao: Inscricao, chave: string) {
  return api.post<FazerInscricaoResponse>(
    '/api/MedicinaPreventiva/FazerInscricao',
    { perfilAutenticado, ...inscricao },
    comChave(chave),
  );
}

/** docs/produto/medicina-preventiva.md "Messages": 'Erro na inscrição' with the server's erro, or 'Erro inesperado' (see the page). */
export function useFazerInscricao() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ inscricao, chave }: { inscricao: Inscricao; chave: string }) =>
      fazerInscricao(perfil!, inscricao, chave),
    meta: { erro: false },
  });
}
