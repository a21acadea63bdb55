// The dashboard's heading: a greeting for the hour with the user's name, today's date and the time (SPEC §2).
import { firstName, greetingFor } from './dashboard-format';

const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function Greeting({ name, now }: { name: string | undefined; now: Date }) {
  const who = name ? firstName(name) : '';
  return (
    <header className="mb-6 flex flex-col gap-1">
      <title>Dashboard · Mixdesk</title>
      <h1 className="text-2xl font-semibold tracking-tight">
        {greetingFor(now)}
        {who && `, ${who}`}
      </h1>
      <p className="text-base text-muted">
        <time dateTime={now.toISOString()} className="tabular-nums">
          {dateFormat.format(now)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span className="text-text">{timeFormat.format(now)}</span>
        </time>
      </p>
    </header>
  );
}
