import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** 16 px text so iOS does not zoom in; 48 px tall for easy tapping. */
export const inputClass =
  'block h-12 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-600 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
