import { useCallback, useState } from 'react';

/**
 * Pending state for a one-off call (the public sign-in pages). TanStack Query's mutation would do
 * the same, but its ≈ 9 KB gzip do not fit the login route's budget; the protected area uses it.
 */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setPending(true);
      try {
        return await fn(...args);
      } finally {
        setPending(false);
      }
    },
    [fn],
  );
  return { run, isPending };
}
