// The top-bar clock (SPEC §2 Shell): refreshes every 60 s, on the minute so the shown minute is never stale.
import { useEffect, useState } from 'react';
import { cn } from '../../ui/cn';

export const CLOCK_REFRESH_MS = 60_000;

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function Clock({ className }: { className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        setNow(new Date());
        interval = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
      },
      CLOCK_REFRESH_MS - (Date.now() % CLOCK_REFRESH_MS),
    );
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);
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
