// The header navigation on wide screens: a row of links (icons only below xl), Diagnostics for administrators.
// Phones get the same links in a menu (mobile-nav.tsx).
import { NavLink } from 'react-router';
import { cn } from '../../ui/cn';
import { navItemsFor } from './nav-items';

export interface NavProps {
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
