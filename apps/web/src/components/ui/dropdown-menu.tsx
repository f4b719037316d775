import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-h-[75dvh] min-w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg',
          className,
        )}
        {...props}
      />
    </M.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn(
        'flex min-h-12 cursor-pointer select-none items-center gap-3 rounded-lg px-3 text-base text-slate-900 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 [&_svg]:size-5',
        className,
      )}
      {...props}
    />
  );
}
