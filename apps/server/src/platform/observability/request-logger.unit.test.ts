import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { DeferredChildLogger } from './request-logger.ts';

/** A real pino logger writing JSON lines into memory. */
function pinoInto(level: pino.Level) {
  const lines: Array<Record<string, unknown>> = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  return { logger: pino({ level }, out), lines };
}

/** pino writes synchronously into the PassThrough; its 'data' events follow on the next tick. */
const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('DeferredChildLogger', () => {
  it('writes lines at enabled levels with the request bindings, arguments as pino takes them', async () => {
    const { logger, lines } = pinoInto('info');
    const log = new DeferredChildLogger(logger, { reqId: 'req-1' }, {});
    log.info({ status: 200 }, 'request completed');
    log.warn('slow: %d ms', 120);
    log.error(new Error('boom'));
    await flushed();
    expect(lines.map((l) => [l.reqId, l.level, l.msg])).toEqual([
      ['req-1', 30, 'request completed'],
      ['req-1', 40, 'slow: 120 ms'],
      ['req-1', 50, 'boom'],
    ]);
    expect(lines[0]!.status).toBe(200);
  });

  it('writes nothing below the level and answers isLevelEnabled like pino', async () => {
    const { logger, lines } = pinoInto('warn');
    const log = new DeferredChildLogger(logger, { reqId: 'req-2' }, {});
    log.info('not written');
    log.debug('not written');
    log.trace('not written');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    expect(log.level).toBe('warn');
    log.fatal('written');
    await flushed();
    expect(lines.map((l) => l.msg)).toEqual(['written']);
  });

  it("honours a route's own level over the server's", async () => {
    const { logger, lines } = pinoInto('warn');
    const log = new DeferredChildLogger(logger, { reqId: 'req-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    expect(log.isLevelEnabled('debug')).toBe(true);
    log.debug('route detail');
    await flushed();
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['req-3', 'route detail']]);
  });

  it('a child of it keeps the request bindings and adds its own; a level set on it applies', async () => {
    const { logger, lines } = pinoInto('info');
    const log = new DeferredChildLogger(logger, { reqId: 'req-4' }, {});
    log.child({ upload: 'u1' }).info('stored');
    log.level = 'error';
    log.warn('not written');
    log.error('written');
    await flushed();
    expect(lines.map((l) => [l.reqId, l.upload, l.msg])).toEqual([
      ['req-4', 'u1', 'stored'],
      ['req-4', undefined, 'written'],
    ]);
  });
});

describe('DeferredChildLogger.plainLine', () => {
  /** The server's own logger (its redaction included), writing text lines into memory. */
  function serverLogger(level: pino.Level) {
    const text: string[] = [];
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => text.push(...chunk.toString().split('\n').filter(Boolean)));
    const { logger, buffer } = createLogger({ logLevel: level, logPretty: false }, out);
    // Only the time differs between two lines written a moment apart.
    const lines = () => text.map((l) => l.replace(/"time":\d+/, '"time":0'));
    return { logger, buffer, lines };
  }
  const fields = { method: 'GET', url: '/api/auth/me?x="1"', status: 200, ms: 3 };

  it('writes the very line the child would, with the request bindings first', async () => {
    const { logger, lines } = serverLogger('info');
    new DeferredChildLogger(logger, { reqId: 'r-1' }, {}).info(fields, 'request completed');
    new DeferredChildLogger(logger, { reqId: 'r-1' }, {}).plainLine('info', fields, 'request completed');
    await flushed();
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toBe(lines()[0]);
    expect(Object.keys(JSON.parse(lines()[1]!))).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'status',
      'ms',
      'msg',
    ]);
  });

  it('writes nothing below the level, and goes through the child once it exists', async () => {
    const quiet = serverLogger('warn');
    new DeferredChildLogger(quiet.logger, { reqId: 'r-2' }, {}).plainLine('info', fields, 'not written');
    const routeLevel = new DeferredChildLogger(quiet.logger, { reqId: 'r-3' }, { level: 'info' });
    routeLevel.plainLine('info', fields, 'route level');
    const { logger, lines } = serverLogger('info');
    const log = new DeferredChildLogger(logger, { reqId: 'r-4' }, {});
    log.warn('first');
    log.plainLine('info', fields, 'second');
    await flushed();
    expect(quiet.lines().map((l) => JSON.parse(l).msg)).toEqual(['route level']);
    expect(lines().map((l) => [JSON.parse(l).reqId, JSON.parse(l).msg])).toEqual([
      ['r-4', 'first'],
      ['r-4', 'second'],
    ]);
  });

  it('still redacts through the normal path: only plain values skip it', async () => {
    const { logger, lines, buffer } = serverLogger('info');
    new DeferredChildLogger(logger, { reqId: 'r-5' }, {}).info({ body: { password: 'hunter2' } }, 'x');
    await flushed();
    expect(lines()[0]).not.toContain('hunter2');
    // The buffer the diagnostics read holds the same line.
    expect(buffer.entries()[0]).toMatchObject({ message: 'x', details: { reqId: 'r-5' } });
  });
});
