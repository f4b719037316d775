import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** The page's one h1 (focus target after navigation) plus its <title>. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 space-y-2">
      <DocumentTitle title={title} />
      <h1 tabIndex={-1} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {children}
    </header>
  );
}
