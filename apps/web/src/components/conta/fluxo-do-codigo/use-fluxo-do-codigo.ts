import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import {
  avisoCodigoAnterior,
  codigoEmAberto,
  esperaReenvio,
  motivoEspera,
  type Canal,
  type CodeFlowTextos,
  type Contatos,
  type Destino,
  type MotivoEspera,
  type Reenvio,
} from '@/lib/conta/envio-codigo';
import type { Mensagem } from '@/lib/conta/mensagens';
import { segundosDeEspera } from '@/lib/conta/registro-erros';
import { LIMITES_WEB } from '@/lib/config';
import { toast } from '@/lib/toast';
import { useCountdown } from '@/lib/use-countdown';

export interface CodeFlowOptions {
  /** Masked contacts on file: where a code asked for now will go. */
  contatos: Contatos;
  textos: CodeFlowTextos;
  /** Asks the server to send a code to `canal` (throws the ApiError when refused). */
  enviar: (canal: Canal) => Promise<unknown>;
  /** Checks `codigo` against the open code of `canal` (throws the ApiError when refused). */
  validar: (canal: Canal, codigo: string) => Promise<unknown>;
  /** When resending to a known channel is its own call; null or absent: send again. */
  reenvio?: (canal: Canal) => Reenvio | null;
  /** After the success toast. `canal` is the channel the code was accepted on. */
  onValidado: (canal: Canal, codigo: string) => void;
  /** Recovery (docs/produto/acesso.md, "Validation"): 'Validar Código' stays disabled while the field is empty. */
  exigeCodigo?: boolean;
  /**
   * false: errors are shown in the step, never as toasts (docs/produto/acesso.md, "Messages": the login registration wizard's
   * steps only log errors). Default true: that page's 'Title / message' toasts, and not in the step.
   */
  errosEmToast?: boolean;
  /**
   * A code step to start on (a reloaded /cadastro, lib/conta/codigo-pendente): where the code
   * went and the seconds left of the resend wait. The server still judges the code typed.
   */
  inicial?: { destino: Destino; esperaSegundos: number };
  /**
   * A code this browser can type is open: just sent (`enviadoEm` now), sent a moment ago and named
   * by a refused send, or named on another channel by a refused check (`enviadoEm` null: unknown).
   */
  onCodigoAberto?: (destino: Destino, enviadoEm: number | null) => void;
}

interface Estado {
  /** 'pedido': the flow's own contact choice; 'codigo': the shared code step. */
  fase: 'pedido' | 'codigo';
  /** Where the code that still works in this browser went, as the server confirmed it; null: none. */
  destino: Destino | null;
  /** Why no new code was sent (refused send), shown on the code step. */
  aviso: string | null;
  erro: Mensagem | null;
  /** The phase changed at least once: the new step's heading takes focus. */
  mudou: boolean;
}

const INICIAL: Estado = { fase: 'pedido', destino: null, aviso: null, erro: null, mudou: false };

/**
 * The one behaviour of the sign-in code screens (login wizard, /cadastro, /recuperar-senha): send,
 * the toasts of docs/produto/acesso.md ("Messages"), the 120 s wait ("Limits"; resend blocked
 * meanwhile), the code check and its errors.
 * A send refused because a code went out less than 2 minutes ago takes the member to the code
 * step with the countdown of the seconds left, saying where that code went — the server names it
 * (`codigoEmAberto`) when this browser holds it. When it names none, no code here can be typed:
 * the member stays on the contact choice, with sending blocked until the wait ends.
 * Render the code step with <CodeStep flow={...} />; each flow renders its own contact choice
 * while `fase === 'pedido'`, with <SendButton flow={...} /> calling `enviar(canal)`.
 */
export function useCodeFlow(opts: CodeFlowOptions) {
  const { contatos, textos } = opts;
  const errosEmToast = opts.errosEmToast ?? true;
  const [estado, setEstado] = useState<Estado>(() =>
    opts.inicial ? { ...INICIAL, fase: 'codigo', destino: opts.inicial.destino } : INICIAL,
  );
  const [motivo, setMotivo] = useState<MotivoEspera>('reenvio');
  const [ocupado, setOcupado] = useState<'enviar' | 'reenviar' | 'validar' | null>(null);
  // A double click must not send twice (the state-driven disable may lag a frame).
  const emAndamento = useRef(false);
  const espera = useCountdown();
  // A code step brought back after a reload goes on with what is left of the wait.
  const esperaInicial = useRef(opts.inicial?.esperaSegundos ?? 0);
  const iniciarEspera = espera.start;
  useEffect(() => {
    if (esperaInicial.current > 0) iniciarEspera(esperaInicial.current);
  }, [iniciarEspera]);

  const esperar = (segundos: number, m: MotivoEspera) => {
    setMotivo(m);
    espera.start(segundos);
  };

  const exclusivo = async (tipo: NonNullable<typeof ocupado>, fn: () => Promise<void>) => {
    if (emAndamento.current) return;
    emAndamento.current = true;
    setOcupado(tipo);
    setEstado((s) => ({ ...s, erro: null }));
    try {
      await fn();
    } finally {
      emAndamento.current = false;
      setOcupado(null);
    }
  };

  /** One place for each message (decision 0031): the toast docs/produto/acesso.md names, or — where it names none — the step. */
  const falhar = (m: Mensagem) => {
    if (errosEmToast) toast.error(m.title, { description: m.description });
    else setEstado((s) => ({ ...s, erro: m }));
  };

  /** A refusal that carries a wait (429): the countdown of that wait. */
  const esperarPor = (e: unknown) => {
    const s = segundosDeEspera(e);
    if (s) esperar(s, motivoEspera(isApiError(e) ? e.code : null));
  };

  const codigoEnviado = (destino: Destino, aviso: Mensagem) => {
    esperar(LIMITES_WEB.reenvioCodigoSegundos, 'reenvio');
    opts.onCodigoAberto?.(destino, Date.now());
    setEstado((s) => ({ ...s, fase: 'codigo', destino, aviso: null, erro: null, mudou: true }));
    toast.success(aviso.title, { description: aviso.description });
  };

  const enviar = (canal: Canal) =>
    exclusivo('enviar', async () => {
      try {
        await opts.enviar(canal);
        const destino = { canal, contato: contatos[canal] };
        codigoEnviado(destino, textos.enviado(destino));
      } catch (e) {
        const aguardar = esperaReenvio(e);
        const aberto = codigoEmAberto(e);
        if (aguardar !== null && aberto) {
          // Nothing new was sent, but the code sent a moment ago still works here: go type it.
          esperar(aguardar, 'reenvio');
          opts.onCodigoAberto?.(aberto, Date.now() - (LIMITES_WEB.reenvioCodigoSegundos - aguardar) * 1000);
          setEstado((s) => ({
            ...s,
            fase: 'codigo',
            destino: aberto,
            aviso: avisoCodigoAnterior(canal, aberto),
            mudou: true,
          }));
          return;
        }
        // No code of this browser is open (any more): sending waits for the server's time.
        if (aguardar !== null) setEstado((s) => ({ ...s, destino: null }));
        esperarPor(e);
        falhar(textos.erroEnvio(e));
      }
    });

  /** 'Reenviar código': a new code to where the valid one went. */
  const reenviar = () =>
    exclusivo('reenviar', async () => {
      const atual = estado.destino;
      if (!atual) return;
      const proprio = opts.reenvio?.(atual.canal) ?? null;
      try {
        if (proprio) {
          const res = await proprio.executar();
          if (!res.sucesso) {
            if (res.aguardarSegundos) esperar(res.aguardarSegundos, motivoEspera(res.code));
            falhar(proprio.erro(res.erro ?? null));
            return;
          }
        } else {
          await opts.enviar(atual.canal);
        }
        codigoEnviado(atual, proprio ? proprio.sucesso : textos.enviado(atual));
      } catch (e) {
        const aberto = codigoEmAberto(e);
        if (aberto) {
          setEstado((s) => ({ ...s, destino: aberto }));
          opts.onCodigoAberto?.(aberto, null);
        }
        esperarPor(e);
        falhar(proprio ? proprio.erro(isApiError(e) ? e.serverMessage : null) : textos.erroEnvio(e));
      }
    });

  const validar = (codigo: string) =>
    exclusivo('validar', async () => {
      const atual = estado.destino;
      if (!atual) return;
      try {
        await opts.validar(atual.canal, codigo);
      } catch (e) {
        // A check on the wrong channel (422 CODIGO_OUTRO_CANAL) names where the code went.
        const aberto = codigoEmAberto(e);
        if (aberto) {
          setEstado((s) => ({ ...s, destino: aberto, aviso: null }));
          opts.onCodigoAberto?.(aberto, null);
        }
        falhar(textos.erroValidacao(e));
        return;
      }
      toast.success(textos.validado);
      opts.onValidado(atual.canal, codigo);
    });

  /** Back from the code step to the flow's contact choice. */
  const voltar = () => setEstado((s) => ({ ...s, fase: 'pedido', aviso: null, erro: null, mudou: true }));

  return {
    ...estado,
    enviando: ocupado === 'enviar',
    reenviando: ocupado === 'reenviar',
    validando: ocupado === 'validar',
    /** Seconds until sending is allowed again (docs/produto/acesso.md, "Limits": 120 s between codes), and why. */
    espera: { segundos: espera.segundos, ativo: espera.ativo, motivo },
    /**
     * Sending now would only be refused: the wait runs and no code of this browser is open to
     * go and type (or an hourly cap holds). Asking again while this browser's code is open is
     * allowed: it leads back to the code step.
     */
    envioBloqueado: espera.ativo && (motivo === 'limite' || !estado.destino),
    exigeCodigo: opts.exigeCodigo ?? false,
    errosEmToast,
    enviar,
    reenviar,
    validar,
    voltar,
  };
}

export type CodeFlow = ReturnType<typeof useCodeFlow>;
