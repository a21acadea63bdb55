import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = RadixTabs.Root;

export function TabsList({
  className,
  fullWidth = false,
  ...props
}: ComponentProps<typeof RadixTabs.List> & { fullWidth?: boolean }) {
  return (
    <RadixTabs.List
      className={cn(
        'items-center gap-0.5 rounded-md border border-border bg-surface-2 p-0.5',
        fullWidth ? 'flex w-full *:flex-1' : 'inline-flex',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'inline-flex h-7 cursor-pointer items-center justify-center rounded-sm px-3 text-sm font-medium text-muted transition-colors',
        'hover:text-text data-[state=active]:bg-surface-3 data-[state=active]:text-text data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('outline-none', className)} {...props} />;
}
