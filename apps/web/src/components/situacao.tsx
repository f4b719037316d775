import { ROTULOS_SITUACAO_PROTOCOLO, type SituacaoProtocolo } from '@portal/contract/protocolos';
import { ROTULOS_SITUACAO_REEMBOLSO, type SituacaoReembolso } from '@portal/contract/reembolso';
import {
  AlarmClock,
  Banknote,
  CheckCircle2,
  CircleDot,
  FileQuestion,
  Hourglass,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';

type Estilo = { variant: NonNullable<ComponentProps<typeof Badge>['variant']>; Icon: LucideIcon };

/** A status in words with its icon, never by colour alone. */
function Selo({ estilo, children }: { estilo: Estilo; children: string }) {
  const { variant, Icon } = estilo;
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {children}
    </Badge>
  );
}

const ESTILO_PROTOCOLO: Record<SituacaoProtocolo, Estilo> = {
  ABERTO: { variant: 'outline', Icon: CircleDot },
  EM_ANALISE: { variant: 'secondary', Icon: Hourglass },
  CONCLUIDO: { variant: 'success', Icon: CheckCircle2 },
  CANCELADO: { variant: 'secondary', Icon: XCircle },
};

/**
 * A protocol's status (member app and staff console). A reimbursement's protocol shows its request's
 * step, as Reembolso does (issue 31: one vocabulary, never 'Em análise' for an approved request).
 */
export function SituacaoProtocoloBadge({
  situacao,
  situacaoReembolso,
}: {
  situacao: SituacaoProtocolo;
  situacaoReembolso?: SituacaoReembolso | null | undefined;
}) {
  if (situacaoReembolso) return <SituacaoReembolsoBadge situacao={situacaoReembolso} />;
  return <Selo estilo={ESTILO_PROTOCOLO[situacao]}>{ROTULOS_SITUACAO_PROTOCOLO[situacao]}</Selo>;
}

const ESTILO_REEMBOLSO: Record<SituacaoReembolso, Estilo> = {
  recebido: { variant: 'outline', Icon: CircleDot },
  em_analise: { variant: 'secondary', Icon: Hourglass },
  pendente: { variant: 'warning', Icon: FileQuestion },
  aprovado: { variant: 'success', Icon: CheckCircle2 },
  pago: { variant: 'success', Icon: Banknote },
  negado: { variant: 'destructive', Icon: XCircle },
};

/** A reimbursement's status (member app and staff console). */
export function SituacaoReembolsoBadge({ situacao }: { situacao: SituacaoReembolso }) {
  return <Selo estilo={ESTILO_REEMBOLSO[situacao]}>{ROTULOS_SITUACAO_REEMBOLSO[situacao]}</Selo>;
}

/** The operator missed the deadline: said in words, not only in red. */
export function AtrasadoBadge() {
  return <Selo estilo={{ variant: 'destructive', Icon: AlarmClock }}>Atrasado</Selo>;
}
