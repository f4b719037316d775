import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { toasterBridge } from '@/lib/toast';

// Below Tailwind's `sm`, a toast at the bottom lies over the page's main button (the flows put
// it there for the thumb) and takes the tap meant for it: on a phone toasts come from the top.
const TELA_PEQUENA = '(max-width: 639.98px)';
const assinarTela = (avisar: () => void) => {
  const mq = window.matchMedia(TELA_PEQUENA);
  mq.addEventListener('change', avisar);
  return () => mq.removeEventListener('change', avisar);
};
const telaPequena = () => window.matchMedia(TELA_PEQUENA).matches;

/** Spec 9: bottom right (top on a phone, see above), up to 3 at once, theme follows the system. */
export default function AppToaster() {
  const pequena = useSyncExternalStore(assinarTela, telaPequena, () => false);
  // Runs after <Toaster/> (a child) has subscribed to the toast store.
  useEffect(() => toasterBridge.markReady(), []);
  return (
    <Toaster
      position={pequena ? 'top-center' : 'bottom-right'}
      visibleToasts={3}
      theme="system"
      richColors
      closeButton
    />
  );
}
