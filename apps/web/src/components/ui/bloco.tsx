import { cn } from '@/lib/cn';

/**
 * A grey block where text or a box will be (a skeleton's piece). Hidden from screen readers: the
 * skeleton around it says 'Carregando…' once, in a status.
 */
export function Bloco({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
    />
  );
}
