/** The beneficiary /cadastro is creating an account for. */
export interface ContaCadastro {
  cpf: string;
  nome: string;
  /** Masked contacts on file, as VerificarCPF returns them. */
  email: string;
  celular: string;
}
