import type { CodigoEmAberto, ReenviarSmsResponse, TipoSolicitacao, VerificarCpfResponse } from '@portal/contract';
import { isApiError } from '../api-client';
import { LIMITES_WEB } from '../config';
import type { Mensagem } from './mensagens';

/**
 * The pure part of the code flow shared by registration (login wizard, /cadastro) and recovery:
 * what a refused send means, where the code that is still valid went, and the texts that say so.
 *
 * The server sends at most one code per CPF and purpose every 120 s. A send refused for that
 * (429 AGUARDE_REENVIO with `aguardarSegundos`) carries `codigoEmAberto` — channel and masked
 * contact — when this browser holds the code that still works (it is bound to the HttpOnly
 * pb_fluxo cookie, which survives a reload). Without it, no code this browser could type exists.
 * A code checked on the wrong channel (422 CODIGO_OUTRO_CANAL) names the right one the same way.
 */

/** Where a code goes: the contract's two channels (RecuperarSenha's tipoSolicitacao). */
export type Canal = TipoSolicitacao;

/** Masked contacts on file, as VerificarCPF returns them ('' when none). */
export type Contatos = Pick<VerificarCpfResponse, 'email' | 'celular'>;

/** Where a code went. `contato` is the masked contact on file ('' when unknown). */
export interface Destino {
  canal: Canal;
  contato: string;
}

/** docs/produto/acesso.md "States", "Limits": the resend wait, in that page's words (the server's AGUARDE_REENVIO says the same). */
export const AGUARDE_REENVIO = 'Aguarde 2 minutos para reenviar o código.';

/** Texts that differ between the flows (docs/produto/acesso.md, "Messages"), as 'Title / message' pairs. */
export interface CodeFlowTextos {
  enviado: (destino: Destino) => Mensagem;
  erroEnvio: (error: unknown) => Mensagem;
  validado: string;
  erroValidacao: (error: unknown) => Mensagem;
}

/** A resend that is its own call rather than sending again (registration SMS: ReenviarSmsConfirmacao). */
export interface Reenvio {
  /** Answers 200 { sucesso, erro, code?, aguardarSegundos? } even when refused (docs/produto/acesso.md, "Calls"). */
  executar: () => Promise<ReenviarSmsResponse>;
  sucesso: Mensagem;
  erro: (textoServidor: string | null) => Mensagem;
}

/** 429 AGUARDE_REENVIO: a code for this CPF went out less than 2 minutes ago. Seconds left, else null. */
export function esperaReenvio(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429 || error.code !== 'AGUARDE_REENVIO') return null;
  return error.aguardarSegundos ?? LIMITES_WEB.reenvioCodigoSegundos;
}

/**
 * The code that still works in this browser, as the server named it in a refusal (429
 * AGUARDE_REENVIO, 422 CODIGO_OUTRO_CANAL); null when the answer names none.
 */
export function codigoEmAberto(error: unknown): Destino | null {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return null;
  // Read field by field, not with the contract's zod schema: zod is not in the login route's budget.
  const aberto: unknown = (error.body as { codigoEmAberto?: unknown }).codigoEmAberto;
  if (!aberto || typeof aberto !== 'object') return null;
  const { canal, destino } = aberto as Partial<Record<keyof CodigoEmAberto, unknown>>;
  if ((canal !== 'email' && canal !== 'sms') || typeof destino !== 'string') return null;
  return { canal: canal === 'sms' ? 'celular' : 'email', contato: destino };
}

/**
 * Why sending is on hold: the 2-minute wait between codes ('reenvio') or an hourly cap
 * ('limite', 429 MUITAS_TENTATIVAS), which says its own wait.
 */
export type MotivoEspera = 'reenvio' | 'limite';

export const motivoEspera = (code: string | null | undefined): MotivoEspera =>
  code === 'AGUARDE_REENVIO' ? 'reenvio' : 'limite';

// --- Texts of the code step -----------------------------------------------------------------

/** 'para o e-mail mar****@…' / 'por SMS para (11) *****-4321'. */
export function textoDestino(d: Destino): string {
  if (d.canal === 'email') return d.contato ? `para o e-mail ${d.contato}` : 'para o seu e-mail';
  return d.contato ? `por SMS para ${d.contato}` : 'por SMS para o seu celular';
}

export function instrucaoCodigo(d: Destino | null): string {
  return d
    ? `Digite o código de 6 dígitos enviado ${textoDestino(d)}.`
    : 'Digite o código de 6 dígitos que você recebeu.';
}

/**
 * The notice on the code step when a send was refused because a code went out less than 2
 * minutes ago: that code still works, and nothing went to the channel just picked if it differs.
 */
export function avisoCodigoAnterior(pedido: Canal, d: Destino): string {
  if (d.canal === pedido) return `O código enviado há pouco ${textoDestino(d)} continua válido. Digite-o abaixo.`;
  const pedidoPor = pedido === 'email' ? 'para o e-mail' : 'por SMS';
  return `Nenhum código novo foi enviado ${pedidoPor}: o código enviado há pouco ${textoDestino(d)} continua válido. Digite-o abaixo.`;
}
