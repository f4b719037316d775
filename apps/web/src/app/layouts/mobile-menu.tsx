import { Menu } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { NAV_ITEMS } from '../nav-items';

/** Below 768 px the menu collapses into a dropdown (Radix: keyboard and screen-reader ready). */
export function MobileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { pathname } = useLocation();
  const current = (to: string) => pathname.toLowerCase() === to.toLowerCase();
  return (
    <nav aria-label="Menu principal" className="md:hidden">
      <DropdownMenu defaultOpen={defaultOpen}>
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
