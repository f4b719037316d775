import { partesDoProtocolo } from '@portal/contract/protocolos';
import { cn } from '@/lib/cn';

/**
 * A protocol number in its three parts for reading (ANS registration, day, sequence), spaced by
 * margins rather than characters: selecting and copying it gives the 20 digits as the search and the
 * Central de Atendimento expect them.
 */
export function NumeroProtocolo({ numero, className }: { numero: string; className?: string }) {
  return (
    <span className={cn('font-mono tabular-nums tracking-wide', className)}>
      {partesDoProtocolo(numero).map((parte, i) => (
        <span key={i} className={i > 0 ? 'ml-[0.45em]' : undefined}>
          {parte}
        </span>
      ))}
    </span>
  );
}
