import type { AlterarSenhaRequest } from '@portal/contract';
import type { ContaVerificada } from '@/lib/api/login/verificar-cpf';

/**
 * Whose password is recovered: the CPF check's answer, or what the login screen passed in
 * navigation state (masked contacts, no `temSenha`: that screen only links here for an account
 * with a password).
 */
export type ContaRecuperacao = Pick<ContaVerificada, 'cpf' | 'email' | 'celular'> &
  Partial<Pick<ContaVerificada, 'temSenha'>>;

/** A recovery code the server accepted, kept for AlterarSenha. */
export type CodigoValidado = Pick<AlterarSenhaRequest, 'tipoSolicitacao'> & { token: string };
