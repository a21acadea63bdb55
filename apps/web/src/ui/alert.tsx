import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertType = 'info' | 'error' | 'success' | 'warning';

// Inline alerts sit on a tinted panel; toasts float over content, so they are solid with a coloured edge.
const looks = {
  info: { icon: Info, inline: 'border-info/40 bg-info-soft', toast: 'border-l-info', iconTone: 'text-info' },
  success: {
    icon: CircleCheck,
    inline: 'border-success/40 bg-success-soft',
    toast: 'border-l-success',
    iconTone: 'text-success',
  },
  warning: {
    icon: TriangleAlert,
    inline: 'border-warning/40 bg-warning-soft',
    toast: 'border-l-warning',
    iconTone: 'text-warning',
  },
  error: {
    icon: CircleAlert,
    inline: 'border-danger/40 bg-danger-soft',
    toast: 'border-l-danger',
    iconTone: 'text-danger',
  },
} as const;

export interface AlertProps {
  type: AlertType;
  title?: ReactNode;
  children: ReactNode;
  /** Shows a Dismiss button. */
  onDismiss?: () => void;
  action?: ReactNode;
  /** 'toast' for the floating global alerts. */
  variant?: 'inline' | 'toast';
  className?: string;
}

/** An inline message. Errors and warnings interrupt screen readers (role alert); the rest wait (role status). */
export function Alert({
  type,
  title,
  children,
  onDismiss,
  action,
  variant = 'inline',
  className,
}: AlertProps) {
  const look = looks[type];
  const Icon = look.icon;
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-md border px-3 py-2.5 text-base text-text',
        variant === 'toast' ? cn('border-border border-l-3 bg-surface shadow-pop', look.toast) : look.inline,
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', look.iconTone)} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title && <p className="font-semibold">{title}</p>}
        <div className="break-words">{children}</div>
        {action && <div className="mt-1.5">{action}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-mr-1 grid size-6 shrink-0 cursor-pointer place-items-center rounded-sm text-muted hover:bg-surface-3 hover:text-text"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );
}
