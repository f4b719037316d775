import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** Text logo; the accessible name is 'Saúde Exemplo — Portal do Beneficiário'. */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const content = (
    <>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0 sm:size-10">
        <rect width="32" height="32" rx="8" fill="#0b5c7a" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="whitespace-nowrap text-base font-extrabold text-brand-800 sm:text-lg">Saúde Exemplo</span>
        <span className="sr-only"> — </span>
        <span className="whitespace-nowrap text-xs font-medium text-slate-700 sm:text-sm">Portal do Beneficiário</span>
      </span>
    </>
  );
  const cls = cn('inline-flex min-h-11 items-center gap-2 rounded-lg', className);
  return to ? (
    <Link to={to} className={cls}>
      {content}
    </Link>
  ) : (
    <div className={cls}>{content}</div>
  );
}
