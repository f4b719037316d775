import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold [&_svg]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white',
        secondary: 'bg-slate-200 text-slate-900',
        success: 'bg-emerald-100 text-emerald-900',
        destructive: 'bg-red-100 text-red-900',
        outline: 'border border-slate-400 text-slate-800',
        info: 'bg-blue-700 text-white',
        warning: 'bg-amber-100 text-amber-950 ring-1 ring-inset ring-amber-300',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
