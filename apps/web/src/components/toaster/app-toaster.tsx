import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { toasterBridge } from '@/lib/toast';

// Below Tailwind's `sm`, a toast at the bottom lies over the page's main button (the flows put
// it there for the thumb) and takes the tap meant for it: on a phone toasts come from the top.
// Decided once, when the toaster mounts: sonner keeps a toast paused for good when its list is
// replaced under the pointer (a live switch on resize left toasts on screen forever).
const telaPequena = () => window.matchMedia('(max-width: 639.98px)').matches;

// From the top, they come in below the sticky header (its height, published by the layout that
// has one), not over its 'Sair' and 'Menu' (issue 31). Sonner's own phone width (600 px) reads
// `mobileOffset`, ours up to 640 px `offset`: both say the same.
// The variable's name is spelled here, not imported: a shared module would be one more chunk to
// fetch on every member page (e2e/orcamento-js.test.ts).
const abaixoDoCabecalho = { top: 'calc(var(--altura-cabecalho, 0.5rem) + 0.5rem)' };

/** docs/produto/comum.md "Limits": bottom right (top on a phone, see above), up to 3 at once, theme follows the system. */
export default function AppToaster() {
  const [pequena] = useState(telaPequena);
  // Runs after <Toaster/> (a child) has subscribed to the toast store.
  useEffect(() => toasterBridge.markReady(), []);
  return (
    <Toaster
      position={pequena ? 'top-center' : 'bottom-right'}
      offset={pequena ? abaixoDoCabecalho : undefined}
      mobileOffset={abaixoDoCabecalho}
      visibleToasts={3}
      theme="system"
      richColors
      closeButton
    />
  );
}
