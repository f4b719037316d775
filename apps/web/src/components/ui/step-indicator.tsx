import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Numbered steps; the current one carries aria-current="step". Labels sit under the numbers at
 * every width: the sign-in card is narrow even on desktop.
 */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="flex items-center gap-2" aria-label="Etapas">
      {steps.map((label, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
          >
            <span
              className={cn(
                'inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                done && 'border-brand-700 bg-brand-700 text-white',
                active && 'border-brand-700 bg-white text-brand-800',
                !done && !active && 'border-slate-400 bg-white text-slate-700',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
            </span>
            <span className={cn('text-[13px] leading-tight', active ? 'font-bold text-slate-900' : 'text-slate-700')}>
              {label}
              {done ? <span className="sr-only"> (concluída)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
