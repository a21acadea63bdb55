// The System Logs tab (SPEC §2): 'System Logs (n)', the level and service filters, Copy Logs (the entries
// shown, as text; 'Copied!' for 2 s), each entry's level, message, service, time and details, and the empty text.
import type { LogEntry, LogLevel } from '@mixdesk/contract/diagnostics';
import { Check, Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Select } from '../../ui/select';
import { formatTime } from './format';
import {
  ALL_SERVICES,
  filterLogs,
  LEVEL_OPTIONS,
  type LevelFilter,
  type LogFilters,
  logsAsText,
  NO_LOG_FILTERS,
  servicesIn,
} from './logs';
import { useCopyText } from './use-copy-text';

const LEVEL_TONE: Record<LogLevel, BadgeTone> = {
  error: 'danger',
  warn: 'warning',
  info: 'info',
  debug: 'neutral',
};

const PAGE = 100;

const LEVEL_LABEL = Object.fromEntries(LEVEL_OPTIONS.map((o) => [o.value, o.label])) as Record<
  LogLevel,
  string
>;

export function LogsPanel({ logs }: { logs: LogEntry[] }) {
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS);
  const shown = useMemo(() => filterLogs(logs, filters), [logs, filters]);
  const services = useMemo(() => {
    const present = servicesIn(logs);
    // A chosen service whose entries have rolled out of the buffer stays choosable.
    return filters.service === ALL_SERVICES || present.includes(filters.service)
      ? present
      : [...present, filters.service];
  }, [logs, filters.service]);
  const { copied, copy } = useCopyText();
  // The newest entries first; up to 500 are kept, shown a page at a time rather than in a scrolling box.
  const [limit, setLimit] = useState(PAGE);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{`System Logs (${shown.length})`}</CardTitle>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Select
            aria-label="Level"
            value={filters.level}
            onChange={(e) => setFilters((f) => ({ ...f, level: e.target.value as LevelFilter }))}
            className="min-w-36 flex-1 sm:flex-none"
          >
            {LEVEL_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Service"
            value={filters.service}
            onChange={(e) => setFilters((f) => ({ ...f, service: e.target.value }))}
            className="min-w-36 flex-1 sm:flex-none"
          >
            <option value={ALL_SERVICES}>All Services</option>
            {services.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <Button onClick={() => void copy(logsAsText(shown))} disabled={shown.length === 0}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy Logs'}</span>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-base text-muted">No logs found matching the current filters.</p>
        ) : (
          <>
            <ol
              aria-label="Log entries"
              className="flex flex-col divide-y divide-border rounded-md border border-border"
            >
              {shown.slice(0, limit).map((entry, i) => (
                // Entries have no id and the same line may repeat: its place is part of the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={`${entry.timestamp}-${i}`}>
                  <LogRow entry={entry} />
                </li>
              ))}
            </ol>
            {shown.length > limit && (
              <Button variant="ghost" className="mt-2 w-full" onClick={() => setLimit((n) => n + PAGE)}>
                {`Show ${Math.min(PAGE, shown.length - limit)} more of ${shown.length - limit}`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LogRow({ entry }: { entry: LogEntry }) {
  return (
    <div className="flex flex-col gap-1 px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge tone={LEVEL_TONE[entry.level]} className="w-16 justify-center">
          {LEVEL_LABEL[entry.level]}
        </Badge>
        <span className="font-mono text-muted">{entry.service}</span>
        <time dateTime={entry.timestamp} className="ml-auto font-mono text-subtle tabular-nums">
          {formatTime(entry.timestamp)}
        </time>
      </div>
      <p className="text-base break-words">{entry.message}</p>
      {entry.details && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted hover:text-text">Details</summary>
          <pre className="mt-1 rounded-sm bg-surface-2 p-2 font-mono text-xs break-all whitespace-pre-wrap">
            {JSON.stringify(entry.details, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}
