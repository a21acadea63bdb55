import { CircleAlert } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
  return <label className={cn('text-sm font-medium text-text', className)} {...props} />;
}

/** What a Field hands its control so the label, hint and error are wired up for assistive tech. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /**
   * Visible "optional"/"required" markers are noise in dense forms; say it in the hint when it matters. Set it
   * where an empty field holds the form's button back: the label gets an asterisk, the control aria-required.
   */
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A label, a control, an optional hint and an error text. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cn(hint ? hintId : null, error ? errorId : null) || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {required ? (
        // The asterisk sits beside the label, not in it: the control's name stays the label's words.
        <span className="flex items-baseline gap-0.5">
          <Label htmlFor={id}>{label}</Label>
          <span aria-hidden="true" className="text-sm font-medium text-danger">
            *
          </span>
        </span>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-center gap-1 text-xs text-danger">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
