// The current time, renewed every 60 s on the minute (SPEC §2 Shell's clock), so a shown minute is never stale.
// The top bar's clock and the dashboard's greeting both read it.
import { useEffect, useState } from 'react';

export const NOW_REFRESH_MS = 60_000;

export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        setNow(new Date());
        interval = setInterval(() => setNow(new Date()), NOW_REFRESH_MS);
      },
      NOW_REFRESH_MS - (Date.now() % NOW_REFRESH_MS),
    );
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);
  return now;
}
