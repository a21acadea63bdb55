// The one logger: JSON lines (pretty in a terminal), secrets redacted, one line per request. Every line also
// lands in the in-memory LogBuffer that the diagnostics screen reads.
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../../config.ts';
import { LogBuffer } from './log-buffer.ts';
import { stdoutLineOutput } from './log-output.ts';

/** Query parameters whose values never reach the log (emailed link tokens). */
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

export function redactUrl(url: string): string {
  // Most URLs have no query at all: no regex pass for them.
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** What pino writes to: a stream, sonic-boom or pino-pretty. */
interface LineOutput {
  write(line: string): unknown;
}

/**
 * pino's one destination: each line to the output, then into the buffer. pino.multistream did the same with a
 * level check per stream and the buffer behind a Writable's queue (a tenth of a small request's CPU with the
 * line's other costs); this is a plain call of each.
 */
export class TeeDestination {
  constructor(
    private readonly out: LineOutput,
    private readonly buffer: LogBuffer,
  ) {}

  write(line: string): void {
    this.out.write(line);
    this.buffer.add(line);
  }

  /** As multistream did: a synchronous flush reaches the output when it has one (sonic-boom). */
  flushSync(): void {
    (this.out as { flushSync?: () => void }).flushSync?.();
  }

  /** As multistream did: pino's one event (its config, which pino-pretty reads) reaches the output. */
  emit(event: string, ...args: unknown[]): void {
    (this.out as { emit?: (event: string, ...args: unknown[]) => void }).emit?.(event, ...args);
  }
}

/**
 * The server's logger and the buffer of its last lines. Lines go to `stream` when given (tests read them),
 * else to stdout: pretty when LOG_PRETTY (a terminal), JSON otherwise.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  stream?: NodeJS.WritableStream,
): { logger: Logger; buffer: LogBuffer } {
  const buffer = new LogBuffer();
  const out =
    stream ??
    (config.logPretty
      ? pretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', sync: true })
      : stdoutLineOutput());
  // The logger's own level filters lines; the output and the buffer take whatever it writes.
  const logger = pino(loggerOptions(config), new TeeDestination(out, buffer));
  return { logger, buffer };
}
