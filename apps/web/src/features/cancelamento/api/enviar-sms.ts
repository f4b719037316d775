import type { EnviarSmsCancelamentoResponse, PerfilAutenticado } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePerfilAutenticado } from '@/lib/membro';

/** POST /api/Cancelamento/EnviarSms: the 6-digit code of the acknowledged selection. */
export function enviarSmsCancelamento(perfilAutenticado: PerfilAutenticado) {
  return api.post<EnviarSmsCancelamentoResponse>('/api/Cancelamento/EnviarSms', { perfilAutenticado });
}

/** No default toast: a 429 AGUARDE_REENVIO means the code sent a moment ago still works (the caller decides). */
export function useEnviarSmsCancelamento() {
  const perfil = usePerfilAutenticado();
  return useMutation({ mutationFn: () => enviarSmsCancelamento(perfil!), meta: { erro: false } });
}
