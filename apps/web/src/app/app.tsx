import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** The portal in the browser. */
export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}

/**
 * Everything under the router: the same tree renders in the browser and, under a StaticRouter at
 * /login, in the build's prerender (src/prerender.tsx), so the prerendered HTML hydrates as is.
 */
export function AppShell() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
