import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
