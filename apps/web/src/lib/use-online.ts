import { useSyncExternalStore } from 'react';

function assinar(avisar: () => void) {
  window.addEventListener('online', avisar);
  window.addEventListener('offline', avisar);
  return () => {
    window.removeEventListener('online', avisar);
    window.removeEventListener('offline', avisar);
  };
}

/** Whether the browser says it has a network (navigator.onLine), following its online/offline events (the digital card offline, the Home's banners). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    assinar,
    () => navigator.onLine,
    () => true,
  );
}
