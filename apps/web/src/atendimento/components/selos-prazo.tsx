import { type FaixaDePrazo, ROTULOS_FAIXA_DE_PRAZO } from '@portal/contract/protocolos';
import { CalendarClock, Clock } from 'lucide-react';
import { AtrasadoBadge } from '@/components/situacao';
import { Badge } from '@/components/ui/badge';

/**
 * Overdue, due today and due within 2 business days are said in words (with an icon), never by
 * colour alone. `faixa` (the queue's band, issue 31) says all three; without it, the first two.
 */
export function SeloPrazo({
  atrasado,
  venceHoje,
  faixa,
}: {
  atrasado: boolean;
  venceHoje: boolean;
  faixa?: FaixaDePrazo | null;
}) {
  if (atrasado || faixa === 'atrasado') return <AtrasadoBadge />;
  if (venceHoje || faixa === 'vence_hoje')
    return (
      <Badge variant="warning">
        <CalendarClock aria-hidden="true" />
        {ROTULOS_FAIXA_DE_PRAZO.vence_hoje}
      </Badge>
    );
  if (faixa === 'ate_2_dias_uteis')
    return (
      <Badge variant="outline" className="border-blue-700 bg-blue-50 text-blue-900">
        <Clock aria-hidden="true" />
        {ROTULOS_FAIXA_DE_PRAZO.ate_2_dias_uteis}
      </Badge>
    );
  return null;
}
