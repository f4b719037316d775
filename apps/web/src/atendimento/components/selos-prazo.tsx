import { ROTULOS_SITUACAO_PROTOCOLO, type SituacaoProtocolo } from '@portal/contract/protocolos';
import { ROTULOS_SITUACAO_REEMBOLSO, type SituacaoReembolso } from '@portal/contract';
import {
  AlarmClock,
  Banknote,
  CalendarClock,
  CheckCircle2,
  CircleDot,
  FileQuestion,
  Hourglass,
  XCircle,
} from 'lucide-react';
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

const ESTILO_REEMBOLSO = {
  recebido: { variant: 'outline', Icon: CircleDot },
  em_analise: { variant: 'secondary', Icon: Hourglass },
  pendente: { variant: 'warning', Icon: FileQuestion },
  aprovado: { variant: 'success', Icon: CheckCircle2 },
  pago: { variant: 'success', Icon: Banknote },
  negado: { variant: 'destructive', Icon: XCircle },
} as const;

/** A reimbursement's status, in words. */
export function SeloSituacaoReembolso({ situacao }: { situacao: SituacaoReembolso }) {
  const { variant, Icon } = ESTILO_REEMBOLSO[situacao];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {ROTULOS_SITUACAO_REEMBOLSO[situacao]}
    </Badge>
  );
}
