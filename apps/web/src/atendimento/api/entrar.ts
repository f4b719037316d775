import type {
  EntrarEquipeRequest,
  EntrarEquipeResponse,
  SenhaEquipeRequest,
  SessaoEquipe,
  TotpEquipeRequest,
  TotpEquipeResponse,
  TrocarSenhaEquipeRequest,
} from '@portal/contract';
import { chamar } from '../lib/cliente';

/** POST /api/atendimento/entrar: e-mail and password; the next step is the code (or its enrolment). */
export const entrar = (body: EntrarEquipeRequest) =>
  chamar<EntrarEquipeResponse>('/entrar', { body, semExpirar: true });

/**
 * POST /api/atendimento/totp: the authenticator's code; answers the session (cookie pb_equipe), or
 * 'trocar-senha' while the password is the CLI's one-time one.
 */
export const confirmarTotp = (body: TotpEquipeRequest) =>
  chamar<TotpEquipeResponse>('/totp', { body, semExpirar: true });

/** POST /api/atendimento/senha: the person's own password in place of the one-time one; answers the session. */
export const definirSenha = (body: SenhaEquipeRequest) => chamar<SessaoEquipe>('/senha', { body, semExpirar: true });

/**
 * POST /api/atendimento/minha-senha: a signed-in person's new password, proven with the current one
 * and a fresh code; the account's other sessions end (204).
 */
export const trocarMinhaSenha = (body: TrocarSenhaEquipeRequest) =>
  chamar<null>('/minha-senha', { body, semExpirar: true });
