import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card, CardIconTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A card of label–value rows under a title with its icon (Dados ANS, Contrato): one definition list. */
export function CartaoDeDados({
  titulo,
  icone: Icone,
  children,
}: {
  titulo: string;
  icone: LucideIcon;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardIconTitle id={id} icone={<Icone aria-hidden="true" className="size-6" />}>
        {titulo}
      </CardIconTitle>
      <dl className="mt-4 divide-y divide-slate-200">{children}</dl>
    </Card>
  );
}

/** One row of a CartaoDeDados; `className` styles the value (default: plain text). */
export function LinhaDeDados({
  rotulo,
  className,
  children,
}: {
  rotulo: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 sm:text-[15px]">{rotulo}</dt>
      <dd className={cn('break-words', className ?? 'text-slate-900')}>{children}</dd>
    </div>
  );
}
