import type { EnviarSmsServicoResponse } from '@portal/contract';
import { useRef, useState } from 'react';
import { isApiError } from './api-client';
import { LIMITES_WEB } from './config';
import { mensagemDoErro } from './query-errors';
import { toast } from './toast';
import { formatarContagem, useCountdown } from './use-countdown';

/** What both EnviarSms answer (the cancellation's has the same fields): the text and the masked mobile. */
type CodigoEnviado = Pick<EnviarSmsServicoResponse, 'mensagem' | 'destino'>;

interface Passos {
  /** The acceptance the code confirms (AceiteTermoAdesao, RegistrarCiencia); its failure toasts itself. */
  registrar: () => Promise<unknown>;
  enviar: () => Promise<CodigoEnviado>;
}

/** Where the code went (null: the earlier code still holds) and the seconds until another may be sent. */
export interface CodigoPedido {
  destino: string | null;
  segundos: number;
}

/**
 * The request step of a confirmation by SMS code, as the add-on contracting and the cancellation
 * do it (the API's confirmacao/ owns the rules): record what the member agreed to, then send the
 * code, with the toasts of docs/produto/comercial.md ("Messages").
 *
 * `selecao` names what the code is for (the chosen beneficiaries, the scope of a cancellation) and
 * `enviadoPara` what the code already in the member's hands was sent for (null: not known here,
 * e.g. after a reload). A send refused with 429 AGUARDE_REENVIO goes on to the code step only
 * when that earlier code can still confirm this selection; after a change of selection it stays,
 * saying when a new code can go out — never a code step where every code is refused.
 *
 * Null when the member stays where they are (the call's own toast, or 'Erro ao prosseguir', said why).
 */
export async function pedirCodigoPorSms(
  passos: Passos & { selecao: string; enviadoPara: string | null },
): Promise<CodigoPedido | null> {
  try {
    await passos.registrar();
  } catch {
    return null; // 'Erro ao prosseguir' already shown (the call's default toast)
  }
  try {
    const r = await passos.enviar();
    toast.success('Código enviado!', { description: r.mensagem });
    return { destino: r.destino, segundos: LIMITES_WEB.reenvioCodigoSegundos };
  } catch (e) {
    if (!(isApiError(e) && e.code === 'AGUARDE_REENVIO')) {
      toast.error('Erro ao prosseguir', { description: mensagemDoErro(e) });
      return null;
    }
    const segundos = e.aguardarSegundos ?? LIMITES_WEB.reenvioCodigoSegundos;
    if (passos.enviadoPara !== null && passos.enviadoPara !== passos.selecao) {
      toast.error('Aguarde para pedir um novo código', {
        description: `A seleção mudou desde o último código enviado. Um novo código poderá ser enviado em ${formatarContagem(segundos)}.`,
      });
      return null;
    }
    toast.info('Código enviado!', { description: `${e.serverMessage ?? ''} Use o último código recebido.`.trim() });
    return { destino: null, segundos };
  }
}

/**
 * pedirCodigoPorSms for a page: one request per press (a double click sends one SMS), what the last
 * code was sent for, and the countdown until the code step may ask for another.
 */
export function useCodigoPorSms() {
  const emCurso = useRef(false);
  const enviadoPara = useRef<string | null>(null);
  const [pedindo, setPedindo] = useState(false);
  const espera = useCountdown();

  const pedir = async (selecao: string, passos: Passos): Promise<CodigoPedido | null> => {
    if (emCurso.current) return null;
    emCurso.current = true;
    setPedindo(true);
    try {
      const r = await pedirCodigoPorSms({ ...passos, selecao, enviadoPara: enviadoPara.current });
      if (r) {
        if (r.destino !== null || enviadoPara.current === null) enviadoPara.current = selecao;
        espera.start(r.segundos);
      }
      return r;
    } finally {
      emCurso.current = false;
      setPedindo(false);
    }
  };
  return { pedir, pedindo, segundos: espera.segundos };
}
