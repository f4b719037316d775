import { ROTULOS_SITUACAO_PROTOCOLO, type SituacaoProtocolo } from '@portal/contract/protocolos';
import { AlarmClock, CalendarClock, CheckCircle2, CircleDot, Hourglass, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Overdue and due today are said in words (with an icon), never by colour alone. */
export function SeloPrazo({ atrasado, venceHoje }: { atrasado: boolean; venceHoje: boolean }) {
  if (atrasado)
    return (
      <Badge variant="destructive">
        <AlarmClock aria-hidden="true" />
        Atrasado
      </Badge>
    );
  if (venceHoje)
    return (
      <Badge variant="warning">
        <CalendarClock aria-hidden="true" />
        Vence hoje
      </Badge>
    );
  return null;
}

const ESTILO = {
  ABERTO: { variant: 'outline', Icon: CircleDot },
  EM_ANALISE: { variant: 'secondary', Icon: Hourglass },
  CONCLUIDO: { variant: 'success', Icon: CheckCircle2 },
  CANCELADO: { variant: 'secondary', Icon: XCircle },
} as const;

export function SeloSituacao({ situacao }: { situacao: SituacaoProtocolo }) {
  const { variant, Icon } = ESTILO[situacao];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {ROTULOS_SITUACAO_PROTOCOLO[situacao]}
    </Badge>
  );
}
