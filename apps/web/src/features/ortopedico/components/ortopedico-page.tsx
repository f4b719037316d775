import { ContratacaoAcessorio } from '@/components/membro/contratacao-acessorio/contratacao-acessorio';

export function OrtopedicoPage() {
  return <ContratacaoAcessorio servico="ortopedico" titulo="Contratar Plano Ortopédico" />;
}
