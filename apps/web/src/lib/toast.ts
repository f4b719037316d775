import type { ExternalToast } from 'sonner';

/**
 * Toasts through sonner, loaded on demand: sonner (≈ 10 KB gzip) is not needed to draw the
 * login screen, only after the member does something. `ToasterHost` mounts <Toaster/> when the
 * first toast is asked for (or on the first interaction, to have it ready) and toasts queue
 * until it is listening.
 */
type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'warning' | 'info';

let loading: Promise<Sonner> | null = null;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));
const requestListeners = new Set<() => void>();

export function loadToaster(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const l of requestListeners) l();
  }
  return loading;
}

/** Used by ToasterHost. */
export const toasterBridge = {
  isRequested: () => loading !== null,
  onRequest(listener: () => void) {
    requestListeners.add(listener);
    return () => void requestListeners.delete(listener);
  },
  markReady: () => markReady(),
};

function show(kind: Kind, title: string, options?: ExternalToast): void {
  void loadToaster()
    .then(async (m) => {
      await ready;
      m.toast[kind](title, options);
    })
    .catch(() => undefined);
}

/** Takes a toast away (one by its id, or all): a field's error goes when the field is fixed. */
function dismiss(id?: string | number): void {
  if (!loading) return;
  void loading
    .then(async (m) => {
      await ready;
      m.toast.dismiss(id);
    })
    .catch(() => undefined);
}

export const toast = {
  dismiss,
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
};
