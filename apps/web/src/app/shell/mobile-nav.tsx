// The header navigation on phones: the main links in a menu behind one button, Diagnostics for administrators.
import { Menu as MenuIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '../../ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/menu';
import type { NavProps } from './main-nav';
import { navItemsFor } from './nav-items';

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
