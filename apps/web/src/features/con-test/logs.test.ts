import type { LogEntry } from '@mixdesk/contract/diagnostics';
import { describe, expect, it } from 'vitest';
import { ALL_SERVICES, filterLogs, LEVEL_OPTIONS, logsAsText, NO_LOG_FILTERS, servicesIn } from './logs';

const entry = (
  level: LogEntry['level'],
  service: string,
  message: string,
  details: LogEntry['details'] = null,
) => ({
  level,
  service,
  message,
  timestamp: '2026-05-01T10:00:00.000Z',
  details,
});

const LOGS: LogEntry[] = [
  entry('error', 'mail', 'SMTP refused the message', { code: 'EAUTH' }),
  entry('warn', 'realtime', 'Socket closed'),
  entry('info', 'http', 'GET /api/projects'),
  entry('info', 'mail', 'Queued in the outbox'),
  entry('debug', 'http', 'Cache miss'),
];

describe('the level filter', () => {
  it('offers SPEC options in order', () => {
    expect(LEVEL_OPTIONS.map((o) => o.label)).toEqual(['All Levels', 'Error', 'Warning', 'Info', 'Debug']);
  });

  it('keeps only the chosen level, or everything', () => {
    expect(filterLogs(LOGS, NO_LOG_FILTERS)).toHaveLength(5);
    expect(filterLogs(LOGS, { level: 'info', service: ALL_SERVICES }).map((e) => e.message)).toEqual([
      'GET /api/projects',
      'Queued in the outbox',
    ]);
    expect(filterLogs(LOGS, { level: 'warn', service: ALL_SERVICES })).toHaveLength(1);
  });
});

describe('the service filter', () => {
  it('offers the services present in the logs, each once', () => {
    expect(servicesIn(LOGS)).toEqual(['http', 'mail', 'realtime']);
    expect(servicesIn([])).toEqual([]);
  });

  it('combines with the level filter', () => {
    expect(filterLogs(LOGS, { level: 'all', service: 'mail' })).toHaveLength(2);
    expect(filterLogs(LOGS, { level: 'error', service: 'mail' }).map((e) => e.message)).toEqual([
      'SMTP refused the message',
    ]);
    expect(filterLogs(LOGS, { level: 'debug', service: 'mail' })).toEqual([]);
  });
});

describe('Copy Logs text', () => {
  it('is one line per entry with its time, level, service, message and details', () => {
    expect(logsAsText(LOGS.slice(0, 2))).toBe(
      [
        '2026-05-01T10:00:00.000Z [ERROR] [mail] SMTP refused the message {"code":"EAUTH"}',
        '2026-05-01T10:00:00.000Z [WARN] [realtime] Socket closed',
      ].join('\n'),
    );
    expect(logsAsText([])).toBe('');
  });
});
