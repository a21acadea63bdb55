import { Switch as RadixSwitch } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

export interface SwitchProps extends Omit<ComponentProps<typeof RadixSwitch.Root>, 'children'> {
  label: ReactNode;
  /** A line under the label saying what the setting does. */
  description?: ReactNode;
}

/** An on/off setting with its label (and an optional description) on the left and the switch on the right. */
export function Switch({ label, description, id, className, ...props }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = `${switchId}-description`;
  return (
    <div className={cn('flex items-center justify-between gap-4 py-2.5', className)}>
      <div className="flex min-w-0 flex-col">
        <label htmlFor={switchId} className="cursor-pointer text-base font-medium">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-sm text-muted">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={switchId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-border-strong bg-surface-3 transition-colors',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      >
        <RadixSwitch.Thumb
          className={cn(
            'block size-3.5 translate-x-0.5 rounded-full bg-text shadow-sm transition-transform',
            'data-[state=checked]:translate-x-[1.125rem] data-[state=checked]:bg-accent-fg',
          )}
        />
      </RadixSwitch.Root>
    </div>
  );
}
