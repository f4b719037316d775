import { RadioGroup as R } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Radix radio group: one tab stop, arrow keys move and select (WAI-ARIA radio pattern). Items are
 * unstyled so each use draws its own (round options, stars…).
 */
export function RadioGroup({ className, ...props }: ComponentProps<typeof R.Root>) {
  return <R.Root className={cn('flex gap-2', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof R.Item>) {
  return <R.Item className={cn('rounded-lg', className)} {...props} />;
}

export const RadioGroupIndicator = R.Indicator;
