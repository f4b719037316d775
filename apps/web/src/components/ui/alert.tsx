import { cva, type VariantProps } from 'class-variance-authority';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva(
  'flex gap-3 rounded-xl border p-4 text-[15px] [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-brand-200 bg-brand-50 text-brand-900',
        error: 'border-red-300 bg-red-50 text-red-900',
        success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
        warning: 'border-amber-300 bg-amber-50 text-amber-950',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

type AlertProps = Omit<ComponentProps<'div'>, 'title'> & VariantProps<typeof alertVariants> & { title?: ReactNode };

/** Errors are announced (role=alert); other variants are polite status messages. */
export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const Icon = variant === 'error' || variant === 'warning' ? AlertCircle : variant === 'success' ? CheckCircle2 : Info;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" />
      <div className="space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
