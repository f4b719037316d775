import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native select styled like Input: the phone's own picker, keyboard and screen-reader friendly. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'block h-12 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 disabled:bg-slate-100 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700',
        className,
      )}
      {...props}
    />
  );
}
