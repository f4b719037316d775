import { CircleCheck, CircleDot, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { statusVisual } from './status';

const ICONES = { check: CircleCheck, clock: Clock, done: CircleDot };

export function StatusBadge({ status }: { status: string }) {
  const v = statusVisual(status);
  const Icone = ICONES[v.icone];
  return (
    <Badge variant={v.variante}>
      <Icone aria-hidden="true" />
      {v.rotulo}
    </Badge>
  );
}
