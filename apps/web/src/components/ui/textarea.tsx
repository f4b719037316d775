import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-28 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700',
        className,
      )}
      {...props}
    />
  );
}
