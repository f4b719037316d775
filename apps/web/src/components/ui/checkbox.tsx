import { Checkbox as C } from 'radix-ui';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A 24 px box (44 px touch target through its label row); disabled boxes stay visibly distinct. */
export function Checkbox({ className, ...props }: ComponentProps<typeof C.Root>) {
  return (
    <C.Root
      className={cn(
        'peer inline-flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-500 bg-white text-white',
        'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700',
        'disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-100',
        'disabled:data-[state=checked]:border-slate-400 disabled:data-[state=checked]:bg-slate-400',
        className,
      )}
      {...props}
    >
      <C.Indicator>
        <Check aria-hidden="true" className="size-4" strokeWidth={3} />
      </C.Indicator>
    </C.Root>
  );
}
