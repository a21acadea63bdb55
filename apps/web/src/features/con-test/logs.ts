// The System Logs tab's rules: filtering by level and service, the services the filter offers (those present
// in the logs), and the plain text Copy Logs puts on the clipboard.
import type { LogEntry, LogLevel } from '@mixdesk/contract/diagnostics';

export type LevelFilter = LogLevel | 'all';

/** SPEC's level filter, in order. */
export const LEVEL_OPTIONS: ReadonlyArray<{ value: LevelFilter; label: string }> = [
  { value: 'all', label: 'All Levels' },
  { value: 'error', label: 'Error' },
  { value: 'warn', label: 'Warning' },
  { value: 'info', label: 'Info' },
  { value: 'debug', label: 'Debug' },
];

export const ALL_SERVICES = 'all';

export interface LogFilters {
  level: LevelFilter;
  /** A service name, or ALL_SERVICES. */
  service: string;
}

export const NO_LOG_FILTERS: LogFilters = { level: 'all', service: ALL_SERVICES };

export function filterLogs(logs: readonly LogEntry[], { level, service }: LogFilters): LogEntry[] {
  return logs.filter(
    (entry) =>
      (level === 'all' || entry.level === level) && (service === ALL_SERVICES || entry.service === service),
  );
}

/** The services that wrote at least one entry, alphabetically, each once. */
export function servicesIn(logs: readonly LogEntry[]): string[] {
  return [...new Set(logs.map((entry) => entry.service))].sort((a, b) => a.localeCompare(b));
}

/** One line per entry: "2026-05-01T10:00:00.000Z [WARN] [mail] Message {details}". */
export function logsAsText(logs: readonly LogEntry[]): string {
  return logs
    .map((entry) => {
      const line = `${entry.timestamp} [${entry.level.toUpperCase()}] [${entry.service}] ${entry.message}`;
      return entry.details ? `${line} ${JSON.stringify(entry.details)}` : line;
    })
    .join('\n');
}
