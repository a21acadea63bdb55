// The last LOG_BUFFER_SIZE lines of the server's own log, kept in memory for the diagnostics screen. It is
// one more destination of the one pino stream, so it holds exactly what the log holds, secrets redacted.
// Lines are kept as text and parsed only when someone reads them: logging stays as cheap as before.
import { Writable } from 'node:stream';
import { LOG_BUFFER_SIZE, type LogEntry, type LogLevel } from '@mixdesk/contract/diagnostics';

/** pino's numeric levels, read into SPEC's four (fatal reads as error, trace as debug). */
function levelOf(n: unknown): LogLevel {
  const v = typeof n === 'number' ? n : 30;
  if (v >= 50) return 'error';
  if (v >= 40) return 'warn';
  if (v >= 30) return 'info';
  return 'debug';
}

/** Fields every line carries that are shown in their own columns or not at all. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'v']);

export function parseLogLine(line: string): LogEntry | null {
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(line);
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object') return null;
  const details: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (!OWN_FIELDS.has(k)) details[k] = v;
  const time = typeof obj.time === 'number' ? obj.time : Date.now();
  const service =
    typeof obj.service === 'string' ? obj.service : typeof obj.reqId === 'string' ? 'http' : 'server';
  return {
    level: levelOf(obj.level),
    service,
    message: typeof obj.msg === 'string' ? obj.msg : '',
    timestamp: new Date(time).toISOString(),
    details: Object.keys(details).length > 0 ? details : null,
  };
}

export class LogBuffer extends Writable {
  private readonly lines: string[] = [];
  private next = 0;
  /** Starts at the boot time (ms): a restarted server never hands out a version an old one did. */
  private kept = Date.now();
  /** The parsed entries of the last read, kept until a line arrives: polling screens parse nothing again. */
  private parsed: LogEntry[] | null = null;

  constructor(private readonly size = LOG_BUFFER_SIZE) {
    super({ decodeStrings: false });
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.add(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    done();
  }

  /** Keeps the lines of `text` at once (the logger's destination calls this, one line per call, no stream). */
  add(text: string): void {
    this.parsed = null;
    const end = text.indexOf('\n');
    // pino writes one line, newline-terminated: kept without splitting.
    if (end === text.length - 1) this.keep(text.slice(0, end));
    else for (const line of text.split('\n')) this.keep(line);
  }

  /** Grows with every line kept: a reader that saw this number has seen every line kept so far. */
  get version(): number {
    return this.kept;
  }

  private keep(line: string): void {
    if (!line) return;
    this.kept += 1;
    if (this.lines.length < this.size) this.lines.push(line);
    else this.lines[this.next] = line;
    this.next = (this.next + 1) % this.size;
  }

  /** The kept entries, newest first (the same array until a line arrives; callers must not change it). */
  entries(): readonly LogEntry[] {
    if (this.parsed) return this.parsed;
    const ordered =
      this.lines.length < this.size
        ? this.lines.slice()
        : [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
    const out: LogEntry[] = [];
    for (let i = ordered.length - 1; i >= 0; i--) {
      const entry = parseLogLine(ordered[i]!);
      if (entry) out.push(entry);
    }
    this.parsed = out;
    return out;
  }
}
