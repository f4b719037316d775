import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToaster, toasterBridge } from '@/lib/toast';

const AppToaster = lazy(() => import('./app-toaster'));

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Mounts sonner's <Toaster/> once a toast is requested or the member starts interacting. */
export function ToasterHost() {
  const requested = useSyncExternalStore(toasterBridge.onRequest, toasterBridge.isRequested, () => false);

  useEffect(() => {
    if (requested) return;
    const warm = () => void loadToaster();
    for (const ev of INTERACTION_EVENTS) window.addEventListener(ev, warm, { once: true, passive: true });
    return () => {
      for (const ev of INTERACTION_EVENTS) window.removeEventListener(ev, warm);
    };
  }, [requested]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
