import { CircleCheck, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Spec 4: 'Pago' is a blue badge; anything else is 'Em Aberto'. */
export const estaPaga = (status: string) => status.trim().toLowerCase() === 'pago';

export function StatusParcela({ status }: { status: string }) {
  return estaPaga(status) ? (
    <Badge variant="info">
      <CircleCheck aria-hidden="true" />
      Pago
    </Badge>
  ) : (
    <Badge variant="warning">
      <Clock aria-hidden="true" />
      Em Aberto
    </Badge>
  );
}
