import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, OUTAGE_LOG_EVERY_MS, outageLog } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for a connection refused, cut or timed out', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'])
      expect(isDatabaseUnavailable(withCode(`connect ${code} 127.0.0.1:5432`, code)), code).toBe(true);
  });

  it('is true for what node-postgres says when a connection ends or cannot be had', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
    ])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
  });

  it('is true for PostgreSQL stopping, starting up or refusing connections', () => {
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['08006', 'connection failure'],
      ['08001', 'could not connect'],
      ['08003', 'connection does not exist'],
      ['08004', 'server rejected the connection'],
      ['08000', 'connection exception'],
      ['53300', 'sorry, too many clients already'],
    ] as const)
      expect(isDatabaseUnavailable(withCode(message, code)), code).toBe(true);
  });

  it('looks into every address Node tried, and into the cause of a wrapped error', () => {
    const refused = new AggregateError(
      [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), new Error('other')],
      '',
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
  });

  it('is false for a wrong query, a broken rule, a full disk, our own bugs and non-errors', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('deadlock detected', '40P01'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('could not extend file: No space left on device', '53100'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY'),
      withCode('ENOSPC: no space left on device, write', 'ENOSPC'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('Connection to the mail server was terminated'),
      null,
      undefined,
      'ECONNREFUSED',
      { code: 42 },
    ])
      expect(isDatabaseUnavailable(err), String((err as Error | null)?.message ?? err)).toBe(false);
  });

  it('stops looking past a few levels of causes, even if they loop', () => {
    const looped: Error & { cause?: unknown } = new Error('outer');
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
    let deep: unknown = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    for (let i = 0; i < 10; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(isDatabaseUnavailable(deep)).toBe(false);
  });
});

describe('outageLog', () => {
  it('warns at the first answer of an outage, then once a period with the count since', () => {
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const log = {
      warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }),
    } as unknown as FastifyBaseLogger;
    let now = 1_000_000;
    const note = outageLog(log, () => now);
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');

    note(refused);
    for (let i = 0; i < 9; i++) {
      now += 1000;
      note(new Error('Connection terminated unexpectedly'));
    }
    expect(lines).toEqual([
      {
        fields: { service: 'database', reason: 'connect ECONNREFUSED 127.0.0.1:5432', unavailableAnswers: 1 },
        msg: 'The database is not answering: requests get 503 until it is back',
      },
    ]);

    now += OUTAGE_LOG_EVERY_MS;
    note(refused);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.fields.unavailableAnswers).toBe(10);
  });
});
