// Request loggers made on first use. Fastify gives every request a pino child bound to its id; making one
// (the bindings turned into JSON text, a new object on its own prototype chain) cost ≈ 3 % of a list
// request's CPU, and at a quiet level ('warn') most requests never write a line. This stands in for the
// child and makes the real one only when a line at an enabled level is written (or a child is asked for).
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * Per server logger: a child without the redaction pass, for lines whose fields are plain values (see
 * plainLine). pino runs every field of every line through the wildcard redaction paths ('*.password'), which
 * cost more than writing the line; a string or a number has no field to redact.
 */
const unredacted = new WeakMap<Logger, Logger>();

function unredactedOf(parent: Logger): Logger {
  let logger = unredacted.get(parent);
  if (!logger) {
    // Its level lets every line through: plainLine writes only what the request's logger would.
    logger = parent.child({}, { redact: [], level: 'trace' });
    unredacted.set(parent, logger);
  }
  return logger;
}

/** Whether a field has a binding's name (pino would write both; a merged object only one). */
function overlaps(bindings: Bindings, fields: PlainFields): boolean {
  for (const key in bindings) if (key in fields) return true;
  return false;
}

/** Values that no redaction path can reach into. */
export type PlainFields = Record<string, string | number | boolean | null>;

export class DeferredChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The real child: made once, when a line is written. */
  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  /** Whether a line at `level` would be written; a route with its own level asks the real child. */
  isLevelEnabled(level: Level): boolean {
    return this.options.level === undefined
      ? this.parent.isLevelEnabled(level)
      : (this.real as Logger).isLevelEnabled(level);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.real[level] as (...a: unknown[]) => void).apply(this.real, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  /**
   * Writes `fields` and `msg` at `level` exactly as `this[level](fields, msg)` would: the request's bindings
   * first, then the fields. Until the request's child is needed, it is not made for this line, and plain
   * values skip pino's redaction pass (a line of the request's own figures: method, URL, status, time).
   */
  plainLine(level: Level, fields: PlainFields, msg: string): void {
    if (!this.isLevelEnabled(level)) return;
    if (this.made || this.options.serializers || overlaps(this.bindings, fields)) {
      this.write(level, [fields, msg]);
      return;
    }
    // Copied key by key, not spread: V8 builds a spread-then-extended object several times slower.
    const line: Record<string, unknown> = {};
    for (const key in this.bindings) line[key] = this.bindings[key];
    for (const key in fields) line[key] = fields[key];
    unredactedOf(this.parent)[level](line, msg);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a deferred child of the server's pino logger for every request. */
export function deferredChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new DeferredChildLogger(logger as Logger, bindings, options);
}
