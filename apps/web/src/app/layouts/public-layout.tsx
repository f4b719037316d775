import { operadora } from '@/lib/operadora';
import { Outlet } from 'react-router';
import { Logo } from './logo';

/** Public group: no menu, a centred column sized for phones. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="px-4 pt-6 sm:pt-10">
        <div className="mx-auto flex w-full max-w-md justify-center">
          <Logo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-slate-700">
        {operadora().nome} · Portal do Beneficiário
      </footer>
    </div>
  );
}
