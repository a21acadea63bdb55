// The header navigation: a row of links on wide screens (icons only below xl), a menu button on phones;
// Diagnostics for administrators.
import { Menu as MenuIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/menu';
import { navItemsFor } from './nav-items';

interface NavProps {
  className?: string;
  /** Adds the administrators' links (Diagnostics). */
  isAdmin?: boolean;
}

export function MainNav({ className, isAdmin = false }: NavProps) {
  const items = navItemsFor(isAdmin);
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-0.5">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              title={label}
              className={({ isActive }) =>
                cn(
                  'flex h-8 items-center gap-2 rounded-md px-2 text-base font-medium transition-colors xl:px-2.5',
                  isActive ? 'bg-surface-3 text-text' : 'text-muted hover:bg-surface-2 hover:text-text',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {/* Below xl the row holds icons only (their names stay for screen readers and as tooltips): six
                  labelled links, the clock and the user menu do not fit a tablet's width. */}
              <span className="max-xl:sr-only">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MobileNav({ className, isAdmin = false }: NavProps) {
  const items = navItemsFor(isAdmin);
  return (
    <div className={className}>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open navigation menu">
            <MenuIcon aria-hidden="true" />
          </Button>
        </MenuTrigger>
        <MenuContent align="start" className="min-w-56">
          {items.map(({ to, label, icon: Icon, end }) => (
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
