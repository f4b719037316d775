import type { TipoSolicitacao } from '@portal/contract';

/** What the login screen passes in navigation state (masked contacts). */
export interface ContaRecuperacao {
  cpf: string;
  email: string;
  celular: string;
  /** False when VerificarCPF said the account has no password yet. */
  temSenha?: boolean;
}

/** A recovery code the server accepted, kept for AlterarSenha. */
export interface CodigoValidado {
  token: string;
  tipoSolicitacao: TipoSolicitacao;
}
