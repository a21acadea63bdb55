// Request loggers made on first use. Fastify gives every request a pino child bound to its id; making one
// (the bindings turned into JSON text, a new object on its own prototype chain) cost ≈ 3 % of a list
// request's CPU, and at a quiet level ('warn') most requests never write a line. This stands in for the
// child and makes the real one only when a line at an enabled level is written (or a child is asked for).
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Level, type Logger } from 'pino';

/** What a line of a pino logger is made of, read once per logger through pino.symbols (its documented way in). */
interface LineParts {
  levels: Record<number, string>;
  time: () => string;
  chindings: string;
  messageKey: string;
  end: string;
  stream: { write(line: string): unknown };
  /** Whether pino writes a plain line as it is: no mixin, log formatter or write hook that could change it. */
  plain: boolean;
}

const lineParts = new WeakMap<Logger, LineParts>();

function linePartsOf(logger: Logger): LineParts {
  let parts = lineParts.get(logger);
  if (!parts) {
    const s = pino.symbols;
    const read = <T>(symbol: symbol) => (logger as unknown as Record<symbol, unknown>)[symbol] as T;
    parts = {
      levels: read<Record<number, string>>(s.lsCacheSym),
      time: read<() => string>(s.timeSym),
      chindings: read<string>(s.chindingsSym),
      messageKey: read<string>(s.messageKeySym),
      end: read<string>(s.endSym),
      stream: read<LineParts['stream']>(s.streamSym),
      plain:
        !read<unknown>(s.mixinSym) &&
        !read<{ log?: unknown }>(s.formattersSym).log &&
        !read<{ streamWrite?: unknown }>(s.hooksSym).streamWrite,
    };
    lineParts.set(logger, parts);
  }
  return parts;
}

/** `,"key":` for each field name seen: a request line's names are the same few every time. */
const keyParts = new Map<string, string>();

function keyPart(key: string): string {
  let part = keyParts.get(key);
  if (part === undefined) {
    part = `,${JSON.stringify(key)}:`;
    if (keyParts.size < 256) keyParts.set(key, part);
  }
  return part;
}

/** A value as pino writes it: strings quoted, non-finite numbers as null. */
function plainJson(value: string | number | boolean | null): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return String(value);
}

/** Whether a field has a binding's name (pino would write both; a merged object only one). */
function overlaps(bindings: Bindings, fields: PlainFields): boolean {
  for (const key in bindings) if (key in fields) return true;
  return false;
}

/** Whether every binding is a plain value too (a request's are its id). */
function plainValues(bindings: Bindings): boolean {
  for (const key in bindings) {
    const value = bindings[key];
    if (value !== null && typeof value === 'object') return false;
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return false;
  }
  return true;
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
   * first, then the fields. Until the request's child is needed, it is not made for this line, and the line is
   * put together here: plain values need neither pino's redaction pass nor its general serializer (a line of
   * the request's own figures: method, URL, status, time).
   */
  plainLine(level: Level, fields: PlainFields, msg: string): void {
    if (!this.isLevelEnabled(level)) return;
    if (
      this.made ||
      this.options.serializers ||
      overlaps(this.bindings, fields) ||
      !plainValues(this.bindings) ||
      !linePartsOf(this.parent).plain
    ) {
      this.write(level, [fields, msg]);
      return;
    }
    const parts = linePartsOf(this.parent);
    let line = parts.levels[this.parent.levels.values[level]!]! + parts.time() + parts.chindings;
    for (const key in this.bindings) line += keyPart(key) + plainJson(this.bindings[key]);
    for (const key in fields) line += keyPart(key) + plainJson(fields[key]!);
    line += keyPart(parts.messageKey) + JSON.stringify(msg) + parts.end;
    parts.stream.write(line);
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
