import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends ComponentProps<typeof RadixCheckbox.Root> {
  label?: ReactNode;
}

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const checkboxId = id ?? autoId;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <RadixCheckbox.Root
        id={checkboxId}
        className={cn(
          'grid size-4 shrink-0 cursor-pointer place-items-center rounded-sm border border-border-strong bg-surface-2',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden="true" className="size-3 text-accent-fg" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {label && (
        <label htmlFor={checkboxId} className="cursor-pointer text-base select-none">
          {label}
        </label>
      )}
    </div>
  );
}
