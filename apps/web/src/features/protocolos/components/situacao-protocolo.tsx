import { ROTULOS_SITUACAO_PROTOCOLO, type SituacaoProtocolo } from '@portal/contract/protocolos';
import { AlarmClock, CheckCircle2, CircleDot, Hourglass, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const ESTILO = {
  ABERTO: { variant: 'outline', Icon: CircleDot },
  EM_ANALISE: { variant: 'secondary', Icon: Hourglass },
  CONCLUIDO: { variant: 'success', Icon: CheckCircle2 },
  CANCELADO: { variant: 'secondary', Icon: XCircle },
} as const;

/** The status in words (with an icon, never colour alone). */
export function SituacaoProtocoloBadge({ situacao }: { situacao: SituacaoProtocolo }) {
  const { variant, Icon } = ESTILO[situacao];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {ROTULOS_SITUACAO_PROTOCOLO[situacao]}
    </Badge>
  );
}

/** The operator missed the deadline: said in words, not only in red. */
export function AtrasadoBadge() {
  return (
    <Badge variant="destructive">
      <AlarmClock aria-hidden="true" />
      Atrasado
    </Badge>
  );
}
