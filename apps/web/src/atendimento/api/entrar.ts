import type { EntrarEquipeRequest, EntrarEquipeResponse, SessaoEquipe, TotpEquipeRequest } from '@portal/contract';
import { chamar } from '../lib/cliente';

/** POST /api/atendimento/entrar: e-mail and password; the next step is the code (or its enrolment). */
export const entrar = (body: EntrarEquipeRequest) =>
  chamar<EntrarEquipeResponse>('/entrar', { body, semExpirar: true });

/** POST /api/atendimento/totp: the authenticator's code; answers the session (cookie pb_equipe). */
export const confirmarTotp = (body: TotpEquipeRequest) => chamar<SessaoEquipe>('/totp', { body, semExpirar: true });
