import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

type ContentProps = ComponentProps<typeof D.Content> & {
  /** Non-dismissible dialogs (spec: 'Perfis Disponíveis') ignore Esc and outside clicks. */
  dismissible?: boolean;
};

export function DialogContent({ className, children, dismissible = true, ...props }: ContentProps) {
  const block = (e: Event) => e.preventDefault();
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6',
          className,
        )}
        {...(dismissible ? {} : { onEscapeKeyDown: block, onPointerDownOutside: block, onInteractOutside: block })}
        {...props}
      >
        {children}
        {dismissible ? (
          <D.Close className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Fechar</span>
          </D.Close>
        ) : null}
      </D.Content>
    </D.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof D.Title>) {
  return <D.Title className={cn('pr-10 text-xl font-bold text-slate-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof D.Description>) {
  return <D.Description className={cn('mt-1 text-slate-700', className)} {...props} />;
}
