import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { operadora } from '@/lib/operadora';

/**
 * The operator's logo (operadora().logo, an SVG in the demo: sharp at any size), 36 px tall on
 * phones and 40 px from 640 px, where 'Portal do Beneficiário' also shows beside it. The image's
 * alt is the accessible name of the link: '{operator} — Portal do Beneficiário'.
 */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const { nome, logo } = operadora();
  const content = (
    <>
      <img
        src={logo}
        alt={`${nome} — Portal do Beneficiário`}
        className="block h-9 w-auto max-w-[60vw] object-contain object-left sm:h-10"
      />
      <span
        aria-hidden="true"
        className="hidden whitespace-nowrap border-l border-slate-300 pl-3 text-sm font-medium text-slate-700 sm:block"
      >
        Portal do Beneficiário
      </span>
    </>
  );
  const cls = cn('inline-flex min-h-11 items-center gap-3 rounded-lg', className);
  return to ? (
    <Link to={to} className={cls}>
      {content}
    </Link>
  ) : (
    <div className={cls}>{content}</div>
  );
}
