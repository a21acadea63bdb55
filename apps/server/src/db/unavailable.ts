// Whether an error means the database cannot be reached right now (PostgreSQL stopped, restarting, starting
// up, or the network to it cut), rather than that the query or the request was wrong. Such a request is not
// our bug and not the caller's: it is answered 503 with Retry-After, and the outage is logged as one warning
// now and then, not as an error with a stack per request.
import type { FastifyBaseLogger } from 'fastify';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Try again in a moment.';
/** What Retry-After tells a client; a PostgreSQL restart takes about this long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A connection that could not be made, or was cut (Node's codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections: class 08 (connection exception),
 * 57P01-57P03 (shut down by an administrator or a crash, cannot connect now: starting or stopping), 57P05 (an
 * idle session ended), 53300 (too many connections).
 */
const SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '53300',
]);

/** What node-postgres and its pool throw when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/** Errors are looked into this deep through `cause` and AggregateError's `errors`. */
const MAX_DEPTH = 4;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > MAX_DEPTH) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
  // Node tries each address of a host (IPv6 and IPv4 for localhost) and reports every refusal in one error.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** While an outage lasts, at most one warning this often, with how many answers it cost since the last. */
export const OUTAGE_LOG_EVERY_MS = 30_000;

/**
 * Notes each request that met a database outage: the first is logged at once (with the driver's reason), the
 * next ones are counted and told in the next line, at most one every OUTAGE_LOG_EVERY_MS.
 */
export function outageLog(log: FastifyBaseLogger, now: () => number = Date.now) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (err: unknown) => {
    unlogged += 1;
    if (now() - lastAt < OUTAGE_LOG_EVERY_MS) return;
    lastAt = now();
    const { message, code } = err as { message?: string; code?: string };
    const reason = message || code || String(err);
    log.warn(
      { service: 'database', reason, unavailableAnswers: unlogged },
      'The database is not answering: requests get 503 until it is back',
    );
    unlogged = 0;
  };
}
