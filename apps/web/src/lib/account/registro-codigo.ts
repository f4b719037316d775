import type { Canal, CodeFlowTextos, Reenvio } from './envio-codigo';
import { textoDestino } from './envio-codigo';
import { mensagemErroRegistro } from './registro-erros';
import { reenviarSms } from './reenviar-sms';

/** Spec 8 texts of the registration code (login wizard and /cadastro). */
export const TEXTOS_REGISTRO: CodeFlowTextos = {
  enviado: (d) => ({ title: 'Código de verificação enviado', description: `Enviamos o código ${textoDestino(d)}.` }),
  erroEnvio: (e) => mensagemErroRegistro(e),
  validado: 'Verificação realizada com sucesso',
  erroValidacao: (e) => mensagemErroRegistro(e),
};

/**
 * Spec 4 and 8: a registration code sent by SMS is resent with ReenviarSmsConfirmacao ('Código
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
