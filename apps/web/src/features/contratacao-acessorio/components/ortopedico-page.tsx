import { ContratacaoAcessorio } from './contratacao-acessorio';

export function OrtopedicoPage() {
  return <ContratacaoAcessorio servico="ortopedico" titulo="Contratar Plano Ortopédico" />;
}
