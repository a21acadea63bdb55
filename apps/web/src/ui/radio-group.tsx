import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

export const RadioGroup = ({ className, ...props }: ComponentProps<typeof RadixRadioGroup.Root>) => (
  <RadixRadioGroup.Root className={cn('flex flex-col gap-2', className)} {...props} />
);

/** One choice of a RadioGroup, drawn as a bordered option with a label and an optional description. */
export function RadioOption({
  value,
  label,
  description,
  disabled,
}: {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-md border border-border bg-surface-2 px-3 py-2.5 transition-colors',
        'hover:border-border-strong has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft',
        disabled && 'cursor-not-allowed opacity-60 hover:border-border',
      )}
    >
      <RadixRadioGroup.Item
        id={id}
        value={value}
        disabled={disabled}
        className="mt-0.5 grid size-4 shrink-0 cursor-pointer place-items-center rounded-full border border-border-strong bg-surface data-[state=checked]:border-accent disabled:cursor-not-allowed"
      >
        <RadixRadioGroup.Indicator className="size-2 rounded-full bg-accent" />
      </RadixRadioGroup.Item>
      <span className="flex flex-col">
        <span className="text-base font-medium">{label}</span>
        {description && <span className="text-sm text-muted">{description}</span>}
      </span>
    </label>
  );
}
