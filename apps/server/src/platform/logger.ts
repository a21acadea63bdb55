// The one logger: JSON lines (pretty in a terminal), secrets redacted, one line per request. Every line also
// lands in the in-memory LogBuffer that the diagnostics screen reads.
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { LogBuffer } from './log-buffer.ts';

/** Query parameters whose values never reach the log (emailed link tokens). */
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
      : pino.destination(1));
  // The logger's own level filters lines; both destinations take whatever it writes.
  const logger = pino(
    loggerOptions(config),
    pino.multistream([
      { level: 'trace', stream: out },
      { level: 'trace', stream: buffer },
    ]),
  );
  return { logger, buffer };
}
