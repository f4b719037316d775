import { ROTULOS_SITUACAO_REEMBOLSO, type SituacaoReembolso } from '@portal/contract';
import { Banknote, CheckCircle2, CircleDot, FileQuestion, Hourglass, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const ESTILO = {
  recebido: { variant: 'outline', Icon: CircleDot },
  em_analise: { variant: 'secondary', Icon: Hourglass },
  pendente: { variant: 'warning', Icon: FileQuestion },
  aprovado: { variant: 'success', Icon: CheckCircle2 },
  pago: { variant: 'success', Icon: Banknote },
  negado: { variant: 'destructive', Icon: XCircle },
} as const;

/** The status in words (with an icon, never colour alone). */
export function SituacaoReembolsoBadge({ situacao }: { situacao: SituacaoReembolso }) {
  const { variant, Icon } = ESTILO[situacao];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {ROTULOS_SITUACAO_REEMBOLSO[situacao]}
    </Badge>
  );
}
