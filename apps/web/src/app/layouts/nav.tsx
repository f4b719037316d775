import { Menu } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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

/** Below 768 px the menu collapses into a dropdown (Radix: keyboard and screen-reader ready). */
export function MobileMenu() {
  const { pathname } = useLocation();
  const current = (to: string) => pathname.toLowerCase() === to.toLowerCase();
  return (
    <nav aria-label="Menu principal" className="md:hidden">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="shrink-0">
            <Menu aria-hidden="true" />
            Menu
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem
              key={to}
              asChild
              className={cn(
                current(to) &&
                  'bg-brand-700 font-semibold text-white data-[highlighted]:bg-brand-800 data-[highlighted]:text-white',
              )}
            >
              <Link to={to} aria-current={current(to) ? 'page' : undefined}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </nav>
  );
}
