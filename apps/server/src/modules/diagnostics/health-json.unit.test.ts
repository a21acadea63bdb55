import { type HealthReport, type LogEntry, SERVICE_NAMES } from '@mixdesk/contract/diagnostics';
import { describe, expect, it } from 'vitest';
import { healthEnvelopeJson } from './health-json.ts';

const report: Omit<HealthReport, 'logs'> = {
  status: 'healthy',
  uptime: 12.5,
  timestamp: '2026-11-24T10:00:00.000Z',
  databaseEngine: 'SQLite',
  connections: [],
  services: Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      {
        name,
        label: name,
        status: 'online',
        latency: 1,
        lastCheck: '2026-11-24T10:00:00.000Z',
        error: null,
        fallbackActive: false,
        fallback: null,
        embedded: null,
        configured: true,
        details: {},
      },
    ]),
  ) as HealthReport['services'],
  performance: {
    memory: { used: 1, total: 2, percentage: 50, heapUsed: 1, heapTotal: 4, heapPercentage: 25 },
    cpu: { cores: 2, platform: 'linux', loadAverage: [0.5, 0.25, 0.1] },
  },
  environment: { nodeVersion: 'v20', environment: 'test', port: 3000, timezone: 'UTC', memory: 8 },
  logsVersion: 2,
  logsUnchanged: false,
};

const entry = (message: string): LogEntry => ({
  level: 'info',
  service: 'http',
  message,
  timestamp: '2026-11-24T10:00:00.000Z',
  details: { url: '/x"y' },
});

describe('healthEnvelopeJson', () => {
  it('writes the envelope the schema serializer would, logs last', () => {
    const logs = [entry('one'), entry('two')];
    const text = healthEnvelopeJson('System health', report, logs);
    expect(JSON.parse(text)).toEqual({ success: true, message: 'System health', data: { ...report, logs } });
  });

  it('writes a new array of lines anew and the same array from what it kept', () => {
    const first = [entry('one')];
    expect(JSON.parse(healthEnvelopeJson('m', report, first)).data.logs[0].message).toBe('one');
    first[0] = entry('changed in place'); // the buffer never does this; it shows the kept text is reused
    expect(JSON.parse(healthEnvelopeJson('m', report, first)).data.logs[0].message).toBe('one');
    const next = [entry('two'), entry('one')];
    expect(
      JSON.parse(healthEnvelopeJson('m', report, next)).data.logs.map((l: LogEntry) => l.message),
    ).toEqual(['two', 'one']);
  });

  it('refuses a report its schema does not allow', () => {
    expect(() => healthEnvelopeJson('m', { ...report, status: 'fine' } as never, [])).toThrow();
  });
});
