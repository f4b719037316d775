import { useSyncExternalStore } from 'react';

const nada = () => () => undefined;

/**
 * False while React renders on the server (the /login prerender) and while it hydrates that HTML,
 * true afterwards and in every ordinary client render. What must not work before the page's
 * script runs (a native form submission would put the CPF in the address) is switched on here.
 */
export function useHidratado(): boolean {
  return useSyncExternalStore(
    nada,
    () => true,
    () => false,
  );
}
