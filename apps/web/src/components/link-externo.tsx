import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';

type LinkExternoProps = Omit<ComponentProps<'a'>, 'target' | 'rel'> & {
  href: string;
  /** Hide the external-link icon (the text still says it opens in a new tab). */
  semIcone?: boolean;
};

/**
 * A link to another site: a new tab, with no access back to the portal (noopener) and no referrer,
 * and it says so to screen readers ('abre em nova aba'), as the icon says it to the eye.
 */
export function LinkExterno({ children, className, semIcone, ...props }: LinkExternoProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={className} {...props}>
      {children}
      {/* Inline, so it follows the last word when the text wraps. */}
      {semIcone ? null : <ExternalLink aria-hidden="true" className="ml-1 inline size-4 shrink-0 align-[-0.125em]" />}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}
