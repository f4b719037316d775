import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-bold text-slate-900', className)} {...props} />;
}

/** A card's title with its icon in a tinted square (the information cards of Comercial, ANS, Contrato…). */
export function CardIconTitle({ icone, className, ...props }: ComponentProps<'h2'> & { icone: ReactNode }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icone}
      </span>
      <CardTitle {...props} />
    </div>
  );
}
