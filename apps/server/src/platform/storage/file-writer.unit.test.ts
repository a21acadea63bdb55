// The block writer under storage: exact bytes at every size around its block and alignment edges, in both
// modes (O_DIRECT where this file system takes it, and the page cache), the limit, failing and vanishing
// sources, and more concurrent writers than it keeps aligned blocks for.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_BYTES, supportsDirectWrites, TooManyBytes, writeFileFrom } from './file-writer.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mixdesk-writer-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** `total` bytes whose value depends on their position (a shifted or repeated block shows), in odd-sized chunks. */
function patterned(total: number, chunk = 65_537): { stream: Readable; sha: string } {
  const whole = Buffer.alloc(total);
  for (let i = 0; i < total; i++) whole[i] = (i * 31 + (i >> 12)) & 0xff;
  const pieces: Buffer[] = [];
  for (let at = 0; at < total; at += chunk) pieces.push(whole.subarray(at, at + chunk));
  return {
    stream: Readable.from(pieces, { objectMode: false }),
    sha: createHash('sha256').update(whole).digest('hex'),
  };
}

const shaOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('writeFileFrom', () => {
  const sizes = [
    0,
    1,
    4095,
    4096,
    4097,
    BLOCK_BYTES - 1,
    BLOCK_BYTES,
    BLOCK_BYTES + 1,
    5 * BLOCK_BYTES + 12_345,
  ];

  it.each([
    ['O_DIRECT where supported', true],
    ['the page cache', false],
  ])('writes exactly the bytes it was given through %s', async (_name, wantDirect) => {
    const direct = wantDirect && (await supportsDirectWrites(root));
    for (const size of sizes) {
      const file = path.join(root, `f-${size}`);
      const { stream, sha } = patterned(size);
      expect(await writeFileFrom(file, stream, { maxBytes: size, direct })).toEqual({ size });
      expect(shaOf(file)).toBe(sha);
    }
  });

  it('probes O_DIRECT with a file of its own and leaves nothing behind', async () => {
    expect(typeof (await supportsDirectWrites(root))).toBe('boolean');
    expect(readdirSync(root)).toEqual([]);
  });

  it('stops at the first byte over the limit', async () => {
    const { stream } = patterned(3 * BLOCK_BYTES);
    const direct = await supportsDirectWrites(root);
    const err = await writeFileFrom(path.join(root, 'big'), stream, { maxBytes: BLOCK_BYTES, direct }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(TooManyBytes);
  });

  it('fails with the source when it errors or is destroyed part way', async () => {
    const direct = await supportsDirectWrites(root);
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error('client went away'));
        else this.push(Buffer.alloc(BLOCK_BYTES / 2, 1));
      },
    });
    await expect(writeFileFrom(path.join(root, 'a'), failing, { maxBytes: 1e9, direct })).rejects.toThrow(
      'client went away',
    );

    const vanishing = new Readable({ read() {} });
    vanishing.push(Buffer.alloc(1000));
    setImmediate(() => vanishing.destroy());
    await expect(writeFileFrom(path.join(root, 'b'), vanishing, { maxBytes: 1e9, direct })).rejects.toThrow(
      /premature close/i,
    );
  });

  it('refuses to write over an existing file', async () => {
    const file = path.join(root, 'taken');
    await writeFileFrom(file, patterned(10).stream, { maxBytes: 10, direct: false });
    const err = await writeFileFrom(file, patterned(10).stream, { maxBytes: 10, direct: false }).catch(
      (e) => e,
    );
    expect((err as NodeJS.ErrnoException).code).toBe('EEXIST');
  });

  it('keeps twelve concurrent writers apart (more than it keeps aligned blocks for)', async () => {
    const direct = await supportsDirectWrites(root);
    const jobs = Array.from({ length: 12 }, (_, i) => {
      const size = BLOCK_BYTES + i * 4099;
      const { stream, sha } = patterned(size, 16_384 + i);
      const file = path.join(root, `c-${i}`);
      return writeFileFrom(file, stream, { maxBytes: size, direct }).then(() => ({ file, sha }));
    });
    for (const { file, sha } of await Promise.all(jobs)) expect(shaOf(file)).toBe(sha);
  });
});
