import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useToastsBelowDialog } from './toast';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** false for notices that need an explicit answer: no close button, Escape and outside clicks do nothing. */
  dismissible?: boolean;
  /** An alert dialog interrupts: use it for notices such as an expired session. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/** A modal dialog: focus is trapped inside, returned on close, and the rest of the page is inert. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  role = 'dialog',
  className,
}: ModalProps) {
  useToastsBelowDialog(open);
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-overlay" />
        <Dialog.Content
          role={role}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col',
            'animate-fade-in rounded-lg border border-border bg-surface shadow-pop',
            className,
          )}
        >
          <div className={cn('flex items-start justify-between gap-4 px-5 pt-4', !children && 'pb-4')}>
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="text-base text-muted">{description}</Dialog.Description>
              )}
            </div>
            {dismissible && (
              <Dialog.Close
                aria-label="Close"
                className="-mr-2 grid size-7 cursor-pointer place-items-center rounded-md text-muted hover:bg-surface-3 hover:text-text"
              >
                <X aria-hidden="true" className="size-4" />
              </Dialog.Close>
            )}
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
