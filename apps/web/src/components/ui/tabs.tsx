import { Tabs as T } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs (Radix): a tablist with roving focus — arrow keys move between tabs, Tab moves into the
 * panel — and each panel labelled by its tab. `variant="pills"` is the compact style for tabs
 * inside a dialog.
 */
export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn('flex w-full gap-1 rounded-xl bg-slate-200/70 p-1 sm:inline-flex sm:w-auto', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        // On a phone the tabs share the row and their labels may wrap; from 640 px each takes its width.
        'inline-flex min-h-11 min-w-0 flex-1 items-center justify-center gap-2 rounded-lg px-2 py-1.5 text-center text-sm font-semibold leading-tight text-slate-700 transition-colors hover:bg-white/70 hover:text-slate-900 sm:flex-none sm:px-4 sm:text-[15px] [&_svg]:size-5 [&_svg]:shrink-0',
        'data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('mt-5 focus-visible:outline-3', className)} {...props} />;
}
