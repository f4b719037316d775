import { Accordion as A } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Accordion = A.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof A.Item>) {
  return (
    <A.Item
      className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    />
  );
}

/** The header button (a heading of `level`, WAI-ARIA accordion pattern); `children` is its content. */
export function AccordionTrigger({
  className,
  children,
  level = 3,
  ...props
}: ComponentProps<typeof A.Trigger> & { level?: 2 | 3 | 4; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return (
    <A.Header asChild>
      <Heading>
        <A.Trigger
          className={cn(
            'group flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 sm:px-5',
            className,
          )}
          {...props}
        >
          <span className="min-w-0 flex-1">{children}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-slate-700 transition-transform group-data-[state=open]:rotate-180"
          />
        </A.Trigger>
      </Heading>
    </A.Header>
  );
}

export function AccordionContent({ className, ...props }: ComponentProps<typeof A.Content>) {
  return <A.Content className={cn('border-t border-slate-100 px-4 py-4 sm:px-5', className)} {...props} />;
}
