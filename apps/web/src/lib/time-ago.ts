// How long ago something happened, in words (the dashboard, the activity lists, notifications, comments, share
// links): "just now", "5 minutes ago", "yesterday", then the date.

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const calendar = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date ("3 Mar 2026"). */
export function timeAgo(iso: string, now: Date): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  // A clock a little ahead of ours still means "just now".
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return calendar.format(at);
}
