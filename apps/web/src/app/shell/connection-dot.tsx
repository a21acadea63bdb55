// The realtime connection state as a small dot in the top bar.
import { useRealtime } from '../../lib/realtime';
import { cn } from '../../ui/cn';

export function ConnectionDot() {
  const { status } = useRealtime();
  const connected = status === 'connected';
  const label = connected ? 'Live updates connected' : 'Live updates disconnected';
  return (
    <span className="grid size-8 place-items-center" title={label}>
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', connected ? 'bg-success ring-3 ring-success-soft' : 'bg-subtle')}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
