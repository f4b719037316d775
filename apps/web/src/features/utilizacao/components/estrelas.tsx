import { Star } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/cn';

const NOTAS = [1, 2, 3, 4, 5] as const;
const PASSO: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/**
 * Selection follows focus on arrow keys (WAI-ARIA radio pattern). Radix does it too, but it moves
 * focus in a later task, so keys typed quickly (or on a busy phone) read a stale focus and skip a
 * step. The next score is counted from the chosen one (or, before any choice, the focused star).
 */
function notaPelaTecla(e: KeyboardEvent<HTMLDivElement>, escolhida: number | null): number | null {
  const atual = escolhida ?? Number((e.target as HTMLElement).dataset.nota ?? 0);
  if (!atual) return null;
  if (e.key === 'Home') return 1;
  if (e.key === 'End') return 5;
  const passo = PASSO[e.key];
  return passo ? Math.min(5, Math.max(1, atual + passo)) : null;
}

/**
 * The 1–5 score as a radio group (one tab stop; arrow keys choose, WAI-ARIA radio pattern), drawn
 * as stars: every star up to the chosen one is filled.
 */
export function Estrelas({
  value,
  onChange,
  labelledBy,
  describedBy,
}: {
  value: number | null;
  onChange: (nota: number) => void;
  labelledBy: string;
  describedBy?: string;
}) {
  return (
    <RadioGroup
      value={value ? String(value) : ''}
      onValueChange={(v) => onChange(Number(v))}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      orientation="horizontal"
      loop={false}
      onKeyDownCapture={(e) => {
        const nota = notaPelaTecla(e, value);
        if (nota === null) return;
        // Ours alone: Radix skips a key event whose default was prevented.
        e.preventDefault();
        onChange(nota);
        e.currentTarget.querySelector<HTMLElement>(`[data-nota="${nota}"]`)?.focus();
      }}
      className="gap-1"
    >
      {NOTAS.map((n) => (
        <RadioGroupItem
          key={n}
          value={String(n)}
          data-nota={n}
          aria-label={n === 1 ? '1 estrela' : `${n} estrelas`}
          className="inline-flex size-12 items-center justify-center text-amber-600 hover:bg-amber-50"
        >
          <Star
            aria-hidden="true"
            className={cn('size-9', value !== null && n <= value ? 'fill-amber-500' : 'fill-none text-slate-500')}
          />
        </RadioGroupItem>
      ))}
    </RadioGroup>
  );
}
