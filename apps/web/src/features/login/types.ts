/** What the CPF check tells the login flow about the member (spec 3 'CPF check result'). */
export interface ContaVerificada {
  cpf: string;
  nome: string;
  /** Masked, as VerificarCPF returns them; '' when none on file. */
  email: string;
  celular: string;
}
