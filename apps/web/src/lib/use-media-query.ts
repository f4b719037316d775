import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following it live (resize, rotation, a changed system
 * preference). Read during render, so the first paint already has the right answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
