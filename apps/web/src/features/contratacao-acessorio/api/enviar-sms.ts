import type { EnviarSmsServicoResponse, PerfilAutenticado, ServicoAdicional } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';
import { caminho } from './caminho';

/** POST /api/Servicos/{…}/EnviarSms: the 6-digit code of the accepted selection, to the mobile on file. */
export function enviarSms(perfilAutenticado: PerfilAutenticado, servico: ServicoAdicional) {
  return api.post<EnviarSmsServicoResponse>(caminho(servico, 'EnviarSms'), { perfilAutenticado });
}

/** No default toast: a 429 AGUARDE_REENVIO means the code sent a moment ago still works (the caller decides). */
export function useEnviarSms(servico: ServicoAdicional) {
  const perfil = usePerfilAutenticado();
  return useMutation({ mutationFn: () => enviarSms(perfil!, servico), meta: { erro: false } });
}
