import { ContratacaoAcessorio } from './contratacao-acessorio';

export function ContratarSosPage() {
  return <ContratacaoAcessorio servico="sos" titulo="Contratar SOS" />;
}
