import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterBridge } from '@/lib/toast';

/** Spec 9: bottom right, up to 3 at once, theme follows the system. */
export default function AppToaster() {
  // Runs after <Toaster/> (a child) has subscribed to the toast store.
  useEffect(() => toasterBridge.markReady(), []);
  return <Toaster position="bottom-right" visibleToasts={3} theme="system" richColors closeButton />;
}
