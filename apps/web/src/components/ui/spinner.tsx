import { cn } from '@/lib/cn';

/** Busy indicator announced to screen readers as 'Carregando...'. */
export function Spinner({ className, label = 'Carregando...' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return <Spinner className="min-h-dvh" />;
}
