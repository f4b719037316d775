import type { EnviarSmsServicoResponse } from '@portal/contract';
import { isApiError } from './api-client';
import { mensagemDoErro } from './query-errors';
import { toast } from './toast';

/** What both EnviarSms answer (the cancellation's has the same fields): the text and the masked mobile. */
type CodigoEnviado = Pick<EnviarSmsServicoResponse, 'mensagem' | 'destino'>;

/**
 * The request step of a confirmation by SMS code, as the add-on contracting and the cancellation
 * do it (the API's confirmacao/ owns the rules): record what the member agreed to, then send the
 * code, with the spec's toasts. A send refused with 429 AGUARDE_REENVIO is not a failure: the code
 * sent for this selection less than 2 minutes ago is still the one to type.
 *
 * Null when the member stays where they are (the call's own toast, or 'Erro ao prosseguir', said
 * why); otherwise where the new code went, or `destino: null` when the earlier code still holds.
 */
export async function pedirCodigoPorSms(passos: {
  /** The acceptance the code confirms (AceiteTermoAdesao, RegistrarCiencia); its failure toasts itself. */
  registrar: () => Promise<unknown>;
  enviar: () => Promise<CodigoEnviado>;
}): Promise<{ destino: string | null } | null> {
  try {
    await passos.registrar();
  } catch {
    return null; // 'Erro ao prosseguir' already shown (the call's default toast)
  }
  try {
    const r = await passos.enviar();
    toast.success('Código enviado!', { description: r.mensagem });
    return { destino: r.destino };
  } catch (e) {
    if (!(isApiError(e) && e.code === 'AGUARDE_REENVIO')) {
      toast.error('Erro ao prosseguir', { description: mensagemDoErro(e) });
      return null;
    }
    toast.info('Código enviado!', { description: `${e.serverMessage ?? ''} Use o último código recebido.`.trim() });
    return { destino: null };
  }
}
