// The header navigation: a row of links on wide screens, a menu button on phones.
import { Menu as MenuIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/menu';
import { NAV_ITEMS } from './nav-items';

export function MainNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-0.5">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex h-8 items-center gap-2 rounded-md px-2.5 text-base font-medium transition-colors',
                  isActive ? 'bg-surface-3 text-text' : 'text-muted hover:bg-surface-2 hover:text-text',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MobileNav({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open navigation menu">
            <MenuIcon aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent align="start" className="min-w-56">
          {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
            <MenuItem key={to} asChild>
              <NavLink
                to={to}
                end={end}
                className="aria-[current=page]:bg-surface-3 aria-[current=page]:font-semibold"
              >
                <Icon aria-hidden="true" />
                {label}
              </NavLink>
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
    </div>
  );
}
