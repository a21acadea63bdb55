// The release calendar: a private address a calendar app subscribes to (releases and projects' target dates),
// copied from here; "Reset address" makes a new one and the old stops working at once.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, RotateCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { useToast } from '../../ui/toast';
import { catalogKeys, fetchCalendar, resetCalendar } from './api';
import { errorText } from './errors';

/** The feed's address as a calendar app needs it: absolute. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

export function CalendarDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'refused'>('idle');
  const [confirming, setConfirming] = useState(false);
  const feed = useQuery({
    queryKey: catalogKeys.calendar,
    queryFn: ({ signal }) => fetchCalendar(signal),
    enabled: open,
  });
  const url = feed.data ? absolute(feed.data) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch (error) {
      console.warn('Copying the calendar address was refused', error);
      input.current?.select();
      setCopied('refused');
    }
  };

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Release calendar"
        description="Subscribe to this private address in your calendar app to see your release dates and projects' target dates."
        className="max-w-lg"
        footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
      >
        {feed.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : feed.isError ? (
          <Alert type="error">{errorText(feed.error, 'The calendar address could not be loaded')}</Alert>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor={id} className="sr-only">
                Calendar address
              </label>
              <Input
                id={id}
                ref={input}
                readOnly
                value={url}
                className="font-mono text-sm"
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copy()}>
                {copied === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                Copy
              </Button>
            </div>
            <p role="status" className="text-xs text-muted">
              {copied === 'copied'
                ? 'The address is on your clipboard.'
                : copied === 'refused'
                  ? 'Copying was refused: the address is selected, copy it yourself.'
                  : 'Anyone with this address can read the calendar: keep it to yourself.'}
            </p>
            <Button variant="ghost" size="sm" className="self-start" onClick={() => setConfirming(true)}>
              <RotateCw aria-hidden="true" />
              Reset address
            </Button>
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Reset the calendar address?"
        description="A new address is made and the old one stops working: calendars subscribed to it need the new one."
        confirmLabel="Reset Address"
        onConfirm={resetCalendar}
        onClose={() => setConfirming(false)}
        errorMessage={(error) => errorText(error, 'The address could not be reset')}
        onDone={(next) => {
          queryClient.setQueryData(catalogKeys.calendar, next);
          setCopied('idle');
          toast.notify('success', 'The calendar has a new address; the old one no longer works');
        }}
      />
    </>
  );
}
