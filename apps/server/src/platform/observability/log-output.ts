// Where the server's JSON log lines go when no stream is given: a file descriptor (stdout), written in batches.
// A line after a quiet spell is written at once (a person watching the terminal, a test waiting for a line);
// the lines that follow it within FLUSH_MS are held and written together with one synchronous write when the
// spell ends, when FLUSH_CHARS have gathered, or at exit. So a busy server writes a few times a second whatever
// its request rate, and a quiet one without delay. pino's default (sonic-boom, asynchronous) wrote through libuv's thread
// pool, a hop to a worker thread and back every few lines, and measured every line's UTF-8 length on the way
// in; the two cost a small request more CPU than making its line (decision 022).
import fs from 'node:fs';

/** Characters held before a write (a UTF-16 count: at most three times as many bytes go out). */
export const FLUSH_CHARS = 16 * 1024;
/** The longest a line waits in memory. */
export const FLUSH_MS = 100;

/** How long to wait before trying again when the pipe is full (a reader that is behind). */
const FULL_PIPE_WAIT_MS = 1;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export class BatchedLineOutput {
  private held: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | null = null;
  private broken = false;

  constructor(private readonly fd: number) {}

  write(line: string): void {
    if (this.broken) return;
    this.held.push(line);
    this.chars += line.length;
    if (!this.timer) {
      // The first line of a spell goes now; the spell lasts FLUSH_MS from here.
      this.writeHeld();
      this.startSpell();
    } else if (this.chars >= FLUSH_CHARS) this.writeHeld();
  }

  /** Writes every held line now (what exit calls); the next line starts a new spell. */
  flushSync(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writeHeld();
  }

  private startSpell(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      // Lines came during the spell: the server is busy, so the next spell starts with them written.
      if (this.held.length > 0) {
        this.writeHeld();
        this.startSpell();
      }
    }, FLUSH_MS);
    // A held line never keeps the process alive: exit flushes it.
    this.timer.unref();
  }

  /** One write of the held lines, waiting out a full pipe; any other failure ends logging quietly. */
  private writeHeld(): void {
    if (this.held.length === 0) return;
    const bytes = Buffer.from(this.held.length === 1 ? this.held[0]! : this.held.join(''));
    this.held = [];
    this.chars = 0;
    let offset = 0;
    while (offset < bytes.length && !this.broken) {
      try {
        offset += fs.writeSync(this.fd, bytes, offset);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') Atomics.wait(sleeper, 0, 0, FULL_PIPE_WAIT_MS);
        else this.broken = true;
      }
    }
  }
}

let stdout: BatchedLineOutput | undefined;

/** stdout for the log: one per process (every app a test builds shares it), flushed when the process exits. */
export function stdoutLineOutput(): BatchedLineOutput {
  if (!stdout) {
    const out = new BatchedLineOutput(1);
    process.once('exit', () => out.flushSync());
    stdout = out;
  }
  return stdout;
}
