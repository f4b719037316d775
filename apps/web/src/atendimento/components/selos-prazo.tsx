import { CalendarClock } from 'lucide-react';
import { AtrasadoBadge } from '@/components/situacao';
import { Badge } from '@/components/ui/badge';

/** Overdue and due today are said in words (with an icon), never by colour alone. */
export function SeloPrazo({ atrasado, venceHoje }: { atrasado: boolean; venceHoje: boolean }) {
  if (atrasado) return <AtrasadoBadge />;
  if (venceHoje)
    return (
      <Badge variant="warning">
        <CalendarClock aria-hidden="true" />
        Vence hoje
      </Badge>
    );
  return null;
}
