import type { ReenviarSmsRequest, ReenviarSmsResponse } from '@portal/contract';
import type { Canal, Reenvio } from '@/lib/conta/envio-codigo';
import { api } from '@/lib/api-client';

/** POST /api/Registro/ReenviarSmsConfirmacao — answers { sucesso, erro } (200 even when refused). */
export function reenviarSms(cpf: string): Promise<ReenviarSmsResponse> {
  const body: ReenviarSmsRequest = { cpf };
  return api.post<ReenviarSmsResponse>('/api/Registro/ReenviarSmsConfirmacao', body);
}

/**
 * docs/produto/acesso.md "States", "Messages": a registration code sent by SMS is resent with ReenviarSmsConfirmacao ('Código
 * reenviado / Novo código enviado para seu celular.'); an e-mail code is simply sent again.
 */
export function reenvioRegistro(cpf: string): (canal: Canal) => Reenvio | null {
  return (canal) =>
    canal === 'celular'
      ? {
          executar: () => reenviarSms(cpf),
          sucesso: { title: 'Código reenviado', description: 'Novo código enviado para seu celular.' },
          erro: (texto) => ({ title: 'Erro ao reenviar código', description: texto || 'Erro ao reenviar SMS.' }),
        }
      : null;
}
