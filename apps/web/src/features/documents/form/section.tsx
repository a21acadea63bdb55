// The form's building blocks: a titled group of fields, and the Add and Remove buttons of row lists.
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import type { FormErrors } from './form-values';

export function Section({
  title,
  children,
  columns = 2,
  aside,
}: {
  title: string;
  children: ReactNode;
  /** Fields side by side from small screens up (2), or one under the other (1). */
  columns?: 1 | 2;
  /** Beside the title (a running total, say). */
  aside?: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col">
      <legend className="float-left mb-3 flex w-full items-center justify-between gap-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
        {aside}
      </legend>
      <div className={cn('clear-left grid grid-cols-1 gap-3', columns === 2 && 'sm:grid-cols-2')}>
        {children}
      </div>
    </fieldset>
  );
}

export function AddRowButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onClick} className="self-start justify-self-start text-accent">
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="hover:text-danger"
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

/**
 * A row's label: its full name for screen readers ('Item 2 description'), and a short heading on screen, shown
 * above every row on phones but only above the first on wider screens, where the rows line up as a table.
 */
export function RowLabel({ name, text, first }: { name: string; text: string; first: boolean }) {
  return (
    <>
      <span className="sr-only">{name}</span>
      <span aria-hidden="true" className={first ? undefined : 'sm:hidden'}>
        {text}
      </span>
    </>
  );
}

/**
 * What each part of the form gets: its values, every error by path, and a change that clears the errors at the
 * given paths ('a.b' clears that one; 'a.b.*' clears a.b and everything under it, for rows that move).
 */
export interface PartProps<T> {
  values: T;
  errors: FormErrors;
  onChange: (patch: Partial<T>, clear: string[]) => void;
}
