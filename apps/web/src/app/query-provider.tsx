import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { toastErroDaChamada } from '@/lib/query-errors';

/**
 * One QueryClient for the protected area. It is mounted by the protected layout (a lazy chunk) so
 * TanStack Query stays off the login route; its cache is cleared when the member leaves.
 */
export const queryClient = new QueryClient({
  // Each call's own default toast (meta.erro, declared in its file under features/<area>/api/).
  queryCache: new QueryCache({ onError: (error, query) => toastErroDaChamada(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => toastErroDaChamada(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; one retry for the rest.
      retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
