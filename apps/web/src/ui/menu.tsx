import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A dropdown menu. Non-modal: the page behind stays in the accessibility tree (a modal menu hides it with
 * aria-hidden while its focusable controls remain, which axe reports) and Escape or an outside click closes it.
 */
export function Menu(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) {
  // Not portalled: the open menu stays inside its landmark (the header, say), which screen readers rely on.
  // Popper positions it with `fixed`, so overflow on ancestors does not clip it.
  return (
    <DropdownMenu.Content
      sideOffset={sideOffset}
      align={align}
      className={cn(
        'z-50 min-w-48 animate-fade-in rounded-md border border-border bg-surface p-1 shadow-pop',
        className,
      )}
      {...props}
    />
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex h-8 cursor-pointer items-center gap-2 rounded-sm px-2 text-base text-text outline-none select-none',
        'data-[highlighted]:bg-surface-3 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:text-muted',
        className,
      )}
      {...props}
    />
  );
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cn('px-2 py-1.5 text-xs text-muted', className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cn('my-1 h-px bg-border', className)} {...props} />;
}
