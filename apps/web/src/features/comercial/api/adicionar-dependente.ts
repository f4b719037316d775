import type { AdicionarDependenteRequest, AdicionarDependenteResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comChave } from '@/lib/idempotencia';
import { usePerfilAutenticado } from '@/lib/membro';

type NovosDependentes = AdicionarDependenteRequest['novosDependentes'];

/** POST /api/Venda/AdicionarDependente (docs/produto/comercial.md, "Calls"), with the submission's Idempotency-Key. */
export function adicionarDependente(
  perfilAutenticado: PerfilAutenticado,
  novosDependentes: NovosDependentes,
  chave: string,
): Promise<AdicionarDependenteResponse> {
  return api.post<AdicionarDependenteResponse>(
    '/api/Venda/AdicionarDependente',
    { perfilAutenticado, novosDependentes },
    comChave(chave),
  );
}

/** docs/produto/comercial.md "Messages": 'Erro ao Adicionar Dependente' with the server's message, or a generic one. */
export function useAdicionarDependente() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: ({ novosDependentes, chave }: { novosDependentes: NovosDependentes; chave: string }) =>
      adicionarDependente(perfil!, novosDependentes, chave),
    meta: {
      erro: {
        titulo: 'Erro ao Adicionar Dependente',
        mensagem: 'Não foi possível adicionar o(s) dependente(s). Tente novamente.',
      },
    },
  });
}
