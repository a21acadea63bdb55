import { describe, expect, it } from 'vitest';
import { LogBuffer, parseLogLine } from './log-buffer.ts';

const line = (n: number, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ level: 30, time: 1_700_000_000_000 + n, pid: 1, hostname: 'h', msg: `line ${n}`, ...extra })}\n`;

describe('LogBuffer', () => {
  it('keeps only the newest entries, newest first', () => {
    const buffer = new LogBuffer(3);
    for (let i = 1; i <= 5; i++) buffer.write(line(i));
    expect(buffer.entries().map((e) => e.message)).toEqual(['line 5', 'line 4', 'line 3']);
  });

  it('parses again only after a new line arrives', () => {
    const buffer = new LogBuffer(10);
    buffer.write(line(1));
    const first = buffer.entries();
    expect(buffer.entries()).toBe(first);
    buffer.write(line(2));
    expect(buffer.entries().map((e) => e.message)).toEqual(['line 2', 'line 1']);
  });

  it('splits chunks holding several lines and skips what is not JSON', () => {
    const buffer = new LogBuffer(10);
    buffer.write(`${line(1)}${line(2)}not json\n`);
    expect(buffer.entries().map((e) => e.message)).toEqual(['line 2', 'line 1']);
  });
});

describe('parseLogLine', () => {
  it('reads the module, the level in SPEC terms and the remaining fields as details', () => {
    expect(parseLogLine(line(1, { level: 60, service: 'mail', to: 'x' }))).toEqual({
      level: 'error',
      service: 'mail',
      message: 'line 1',
      timestamp: new Date(1_700_000_000_001).toISOString(),
      details: { to: 'x' },
    });
    expect(parseLogLine(line(2, { level: 10, reqId: 'r-1' }))).toMatchObject({
      level: 'debug',
      service: 'http',
    });
    expect(parseLogLine(line(3, { level: 40 }))).toMatchObject({
      level: 'warn',
      service: 'server',
      details: null,
    });
  });
});
