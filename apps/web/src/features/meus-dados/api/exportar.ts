import type { PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { salvarArquivo } from '@/lib/abrir-documento';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

export type Formato = 'json' | 'pdf';

const ROTA: Record<Formato, string> = { json: '/api/MeusDados/Exportar', pdf: '/api/MeusDados/ExportarPdf' };

/** POST /api/MeusDados/Exportar (JSON) or ExportarPdf (PDF): everything the portal holds about the member. */
export function exportarMeusDados(perfilAutenticado: PerfilAutenticado, formato: Formato): Promise<Blob> {
  return api.post<Blob>(ROTA[formato], { perfilAutenticado }, { responseType: 'blob' });
}

export function useExportarMeusDados() {
  const perfil = usePerfilAutenticado();
  return useMutation({
    mutationFn: async (formato: Formato) => {
      salvarArquivo(await exportarMeusDados(perfil!, formato), `meus-dados.${formato}`);
    },
    meta: {
      erro: { titulo: 'Erro ao gerar documento', mensagem: 'Não foi possível obter seus dados. Tente novamente.' },
    },
  });
}
