import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { NAV_ITEMS } from '../nav-items';

/** Side menu on wide screens (≥ 768 px). NavLink sets aria-current="page" on the current entry. */
export function SideNav() {
  return (
    <nav aria-label="Menu principal" className="hidden w-60 shrink-0 py-8 md:block">
      <ul className="sticky top-24 space-y-1">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-[15px] font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900',
                  isActive && 'bg-brand-700 text-white hover:bg-brand-700 hover:text-white',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The phone menu (below 768 px). Its code (Radix's dropdown and its positioning) is loaded on the
 * first touch, hover or focus of the button, so no route pays for it in its first load (README,
 * bundle bench); the click that asked for it opens it once it is there.
 */
const MenuSuspenso = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const carregarMenu = () => void import('./mobile-menu');

export function MobileMenu() {
  const [pedido, setPedido] = useState(false);
  const botao = (
    <nav aria-label="Menu principal" className="md:hidden">
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={carregarMenu}
        onFocus={carregarMenu}
        onClick={() => setPedido(true)}
      >
        <Menu aria-hidden="true" />
        Menu
      </Button>
    </nav>
  );
  if (!pedido) return botao;
  return (
    <Suspense fallback={botao}>
      <MenuSuspenso defaultOpen />
    </Suspense>
  );
}
