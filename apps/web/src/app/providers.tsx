import type { ReactNode } from 'react';
import { ToasterHost } from '@/components/toaster/toaster-host';
import { SessionProvider } from '@/lib/sessao-context';

/**
 * App-wide providers: session and toasts. TanStack Query is provided by the protected layout
 * (see query-provider.tsx) to keep it off the login route's critical path.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <ToasterHost />
    </SessionProvider>
  );
}
