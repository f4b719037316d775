import { ContratacaoAcessorio } from '@/components/membro/contratacao-acessorio/contratacao-acessorio';

export function ContratarSosPage() {
  return <ContratacaoAcessorio servico="sos" titulo="Contratar SOS" />;
}
