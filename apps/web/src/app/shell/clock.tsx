// The top-bar clock (SPEC §2 Shell): refreshes every 60 s, on the minute (lib/use-now.ts).
import { useNow } from '../../lib/use-now';
import { cn } from '../../ui/cn';

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function Clock({ className }: { className?: string }) {
  const now = useNow();
  return (
    <time
      dateTime={now.toISOString()}
      className={cn('items-center gap-2 text-sm whitespace-nowrap text-muted tabular-nums', className)}
    >
      <span>{dateFormat.format(now)}</span>
      <span className="text-text">{timeFormat.format(now)}</span>
    </time>
  );
}
