import { CalendarX, CircleCheck, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** docs/produto/financeiro.md "States": 'Pago' is a blue badge; anything else is 'Em Aberto'. */
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

/** Beside 'Em Aberto' (docs/produto/financeiro.md, "States" keeps it): an open installment past its due date says so, with the days. */
export const textoVencida = (dias: number) => `Vencida há ${dias} ${dias === 1 ? 'dia' : 'dias'}`;

export function AvisoVencida({ diasAtraso }: { diasAtraso: number }) {
  return (
    <Badge variant="destructive">
      <CalendarX aria-hidden="true" />
      {textoVencida(diasAtraso)}
    </Badge>
  );
}
