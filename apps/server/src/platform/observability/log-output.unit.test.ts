import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchedLineOutput, FLUSH_CHARS, FLUSH_MS } from './log-output.ts';

describe('BatchedLineOutput', () => {
  let dir: string;
  let file: string;
  let fd: number;
  const written = () => readFileSync(file, 'utf8');

  beforeEach(() => {
    vi.useFakeTimers();
    dir = mkdtempSync(path.join(tmpdir(), 'log-output-'));
    file = path.join(dir, 'out.log');
    fd = openSync(file, 'w');
  });
  afterEach(() => {
    vi.useRealTimers();
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the first line of a quiet spell at once and holds the next ones until the spell ends', () => {
    const out = new BatchedLineOutput(fd);
    out.write('{"n":1}\n');
    expect(written()).toBe('{"n":1}\n');
    out.write('{"n":2}\n');
    out.write('{"n":3}\n');
    vi.advanceTimersByTime(FLUSH_MS - 1);
    expect(written()).toBe('{"n":1}\n');
    vi.advanceTimersByTime(1);
    expect(written()).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  it('keeps batching while lines keep coming, and writes at once again after a quiet spell', () => {
    const out = new BatchedLineOutput(fd);
    out.write('a\n');
    out.write('b\n');
    vi.advanceTimersByTime(FLUSH_MS);
    expect(written()).toBe('a\nb\n');
    // Still busy: a line in the next spell waits for its end.
    out.write('c\n');
    expect(written()).toBe('a\nb\n');
    vi.advanceTimersByTime(FLUSH_MS);
    expect(written()).toBe('a\nb\nc\n');
    // A spell with no line ends the busy time: the next line goes at once.
    vi.advanceTimersByTime(FLUSH_MS);
    out.write('d\n');
    expect(written()).toBe('a\nb\nc\nd\n');
  });

  it('writes at once when the held text reaches the size, and keeps multi-byte text whole', () => {
    const out = new BatchedLineOutput(fd);
    out.write('first\n');
    const line = `${'é'.repeat(99)}\n`;
    const lines = Math.ceil(FLUSH_CHARS / line.length);
    for (let i = 0; i < lines - 1; i++) out.write(line);
    expect(written()).toBe('first\n');
    out.write(line);
    expect(written()).toBe(`first\n${line.repeat(lines)}`);
  });

  it('writes what it holds on flushSync (what exit calls), and nothing twice', () => {
    const out = new BatchedLineOutput(fd);
    out.write('a\n');
    out.write('b\n');
    out.flushSync();
    out.flushSync();
    expect(written()).toBe('a\nb\n');
    vi.advanceTimersByTime(FLUSH_MS);
    expect(written()).toBe('a\nb\n');
  });

  it('stops logging quietly when its output fails (a full disk), rather than throwing into a request', () => {
    const full = openSync('/dev/full', 'w');
    const out = new BatchedLineOutput(full);
    out.write('lost\n');
    expect(() => out.flushSync()).not.toThrow();
    expect(() => out.write('also lost\n')).not.toThrow();
    expect(() => vi.advanceTimersByTime(FLUSH_MS)).not.toThrow();
    closeSync(full);
  });
});
