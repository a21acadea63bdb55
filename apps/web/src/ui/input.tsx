import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Shared look of text inputs and selects. 16 px text on phones so iOS does not zoom on focus. */
export const controlClasses = cn(
  'h-9 w-full min-w-0 rounded-md border border-border bg-surface-2 px-2.5 text-lg text-text sm:h-8 sm:text-base',
  'placeholder:text-subtle hover:border-border-strong transition-colors',
  'focus-visible:border-accent focus-visible:outline-1 focus-visible:outline-offset-0',
  'aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-surface',
);

/** A value shown for reference only (readOnly): muted and dashed, so it does not invite typing. */
const readOnlyClasses =
  'read-only:cursor-default read-only:border-dashed read-only:text-muted read-only:hover:border-border';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(controlClasses, props.readOnly && readOnlyClasses, className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClasses, 'h-auto min-h-20 py-1.5', className)} {...props} />;
}
