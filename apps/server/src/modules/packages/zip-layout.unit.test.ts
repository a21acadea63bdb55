// The ZIP a package writes, judged by readers nobody here wrote: Info-ZIP's unzip, p7zip's 7z and the npm
// reader yauzl. Stored entries with UTF-8 names, any byte range cut from the layout alone, and ZIP64: an
// entry past 4 GiB, offsets past 4 GiB and more than 65,535 entries, in one real (sparse) archive.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readZip,
  sevenZipNames,
  sevenZipTest,
  sha256Hex,
  unzipNames,
  unzipTest,
} from './packages-testing.ts';
import { layOut, piecesOf, type ZipEntry, type ZipLayout } from './zip-layout.ts';

type Source = { body: Buffer } | { zeros: true };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-zip-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (name: string, body: Buffer, modifiedAt = new Date('2026-03-14T15:09:26.535Z')) => ({
  name,
  size: body.length,
  crc32: crc32(body) >>> 0,
  sha256: sha256Hex(body),
  modifiedAt,
  source: { body } as Source,
});

/** The bytes of `start`..`end` as the layout cuts them, the data read from the sources here. */
function bytesOf(layout: ZipLayout<Source>, start: number, end: number): Buffer {
  const out: Buffer[] = [];
  for (const piece of piecesOf(layout, start, end)) {
    if (piece.kind === 'bytes') out.push(piece.bytes);
    else if ('body' in piece.source) out.push(piece.source.body.subarray(piece.start, piece.end + 1));
    else out.push(Buffer.alloc(piece.end - piece.start + 1));
  }
  return Buffer.concat(out);
}

/**
 * The archive written to `file`: every made record at its offset, in writes of up to 4 MiB; the data of
 * zero-filled entries left as holes of a sparse file (a hole reads as zeros), so a 4 GiB entry costs no disk.
 */
async function writeArchive(file: string, layout: ZipLayout<Source>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.truncate(layout.length);
    let at = 0;
    let run: Buffer[] = [];
    let runAt = 0;
    let runBytes = 0;
    const flush = async () => {
      if (runBytes > 0) await handle.write(Buffer.concat(run), 0, runBytes, runAt);
      run = [];
      runBytes = 0;
    };
    for (const piece of piecesOf(layout, 0, layout.length - 1)) {
      const length = piece.kind === 'bytes' ? piece.bytes.length : piece.end - piece.start + 1;
      const bytes =
        piece.kind === 'bytes'
          ? piece.bytes
          : 'body' in piece.source
            ? piece.source.body.subarray(piece.start, piece.end + 1)
            : null;
      if (bytes) {
        if (runBytes === 0) runAt = at;
        run.push(bytes);
        runBytes += bytes.length;
        if (runBytes >= 4 * 1024 * 1024) await flush();
      } else await flush();
      at += length;
    }
    await flush();
    expect(at).toBe(layout.length);
  } finally {
    await handle.close();
  }
}

const UNICODE_NAME = 'Ünïcödé – 日本語 – عربى.wav';

describe('a package ZIP', () => {
  const sources = [
    entry(`Intro - Mix 2/${UNICODE_NAME}`, randomBytes(300_000)),
    entry('Intro - Mix 2/stems/empty.wav', Buffer.alloc(0)),
    entry('Intro - Mix 2/notes.txt', Buffer.from('line one\nline two\n')),
    entry('checksums.sha256', Buffer.from('not checked here\n'), new Date('1975-01-01T00:00:00Z')),
  ];
  const layout = layOut(sources);
  const whole = bytesOf(layout, 0, layout.length - 1);

  it('is as long as its layout says, and passes unzip -t and 7z t', async () => {
    expect(whole.length).toBe(layout.length);
    const file = path.join(dir, 'small.zip');
    await writeArchive(file, layout);
    await unzipTest(file);
    const sevenZip = await sevenZipTest(file);
    expect(sevenZip).toMatch(/Everything is Ok/);
  });

  it('holds every entry stored, byte for byte, under its exact UTF-8 name', async () => {
    const file = path.join(dir, 'small.zip');
    const read = await readZip(file);
    expect(read.map((e) => e.name)).toEqual(sources.map((s) => s.name));
    for (const [i, e] of read.entries()) {
      const source = sources[i]!;
      expect(e.flags & 0x0800, 'UTF-8 flag').toBe(0x0800);
      expect(e.flags & 0x0008, 'no data descriptor').toBe(0);
      expect(e.compressionMethod).toBe(0);
      expect(e.size).toBe(source.size);
      expect(e.compressedSize).toBe(source.size);
      expect(e.crc32).toBe(source.crc32);
      expect(e.sha256).toBe(source.sha256);
    }
    expect(await unzipNames(file)).toEqual(sources.map((s) => s.name));
    expect(await sevenZipNames(file)).toContain(`Intro - Mix 2/${UNICODE_NAME}`);
  });

  it('writes the time exactly (extended timestamp) and in DOS form, clamped to 1980', async () => {
    const read = await readZip(path.join(dir, 'small.zip'));
    expect(read[0]!.modifiedAt.toISOString()).toBe('2026-03-14T15:09:26.000Z');
    // DOS keeps even seconds.
    expect(read[0]!.dosModifiedAt.toISOString()).toBe('2026-03-14T15:09:26.000Z');
    expect(read[3]!.dosModifiedAt.toISOString()).toBe('1980-01-01T00:00:00.000Z');
  });

  it('cuts any range from the layout alone: ranges put together are the whole', () => {
    // Every boundary between records and data, and one byte either side of it.
    const marks = new Set<number>([0, layout.length - 1]);
    for (const e of layout.entries) for (const at of [e.headerAt, e.dataAt, e.dataAt + e.size]) marks.add(at);
    for (const at of [...layout.centralAt, layout.endAt]) marks.add(at);
    for (const at of [...marks])
      for (const near of [at - 1, at, at + 1]) {
        if (near < 0 || near >= layout.length) continue;
        expect(bytesOf(layout, near, near).equals(whole.subarray(near, near + 1))).toBe(true);
        expect(bytesOf(layout, near, layout.length - 1).equals(whole.subarray(near))).toBe(true);
        expect(bytesOf(layout, 0, near).equals(whole.subarray(0, near + 1))).toBe(true);
      }
    // Random cuts into consecutive ranges.
    for (let round = 0; round < 50; round++) {
      const cuts = [...new Set(Array.from({ length: 7 }, () => Math.floor(Math.random() * layout.length)))];
      cuts.sort((a, b) => a - b);
      const bounds = [0, ...cuts.filter((c) => c > 0), layout.length];
      const parts = bounds.slice(1).map((end, i) => bytesOf(layout, bounds[i]!, end - 1));
      expect(Buffer.concat(parts).equals(whole)).toBe(true);
    }
  });

  it('is the same bytes and ETag every time it is laid out from the same entries', () => {
    const again = layOut(sources.map((s) => ({ ...s })));
    expect(again.etag).toBe(layout.etag);
    expect(bytesOf(again, 0, again.length - 1).equals(whole)).toBe(true);
    const changed = layOut([
      { ...sources[0]!, sha256: sha256Hex(Buffer.from('other')) },
      ...sources.slice(1),
    ]);
    expect(changed.etag).not.toBe(layout.etag);
  });

  it('empty of entries is still a ZIP: the end record alone', async () => {
    const empty = layOut<Source>([]);
    expect(empty.length).toBe(22);
    const file = path.join(dir, 'empty.zip');
    await writeArchive(file, empty);
    expect(await readZip(file)).toEqual([]);
    await sevenZipTest(file);
  });
});

describe('ZIP64', () => {
  /** 4 GiB and 1 MiB of zeros: its size does not fit in 32 bits, and everything after it is past 4 GiB. */
  const BIG = 2 ** 32 + 2 ** 20;
  const SMALL_AFTER = 70_000;
  let bigCrc = 0;
  let layout: ZipLayout<Source>;
  const file = () => path.join(dir, 'zip64.zip');

  beforeAll(async () => {
    const zeros = Buffer.alloc(2 ** 20);
    for (let i = 0; i < BIG / zeros.length; i++) bigCrc = crc32(zeros, bigCrc);
    bigCrc >>>= 0;
    const entries: ZipEntry<Source>[] = [
      entry('before.txt', Buffer.from('before the big one\n')),
      {
        name: 'big/zeros.bin',
        size: BIG,
        crc32: bigCrc,
        sha256: 'not-in-the-zip',
        modifiedAt: new Date('2026-01-01T00:00:00Z'),
        source: { zeros: true },
      },
    ];
    for (let i = 0; i < SMALL_AFTER; i++) entries.push(entry(`many/${i}.txt`, Buffer.from(`${i}\n`)));
    layout = layOut(entries);
    await writeArchive(file(), layout);
  }, 120_000);

  it('lays out offsets past 4 GiB and more than 65,535 entries', () => {
    expect(layout.entries).toHaveLength(SMALL_AFTER + 2);
    expect(layout.entries[2]!.headerAt).toBeGreaterThan(2 ** 32);
    expect(layout.central.offset).toBeGreaterThan(2 ** 32);
    expect(layout.central.count).toBeGreaterThan(0xffff);
  });

  it('passes unzip -t and 7z t (the 4 GiB entry CRC-checked by each)', async () => {
    const unzip = await unzipTest(file());
    expect(unzip).toMatch(/No errors detected/);
    const sevenZip = await sevenZipTest(file());
    expect(sevenZip).toMatch(/Everything is Ok/);
    expect(sevenZip).toMatch(new RegExp(`Files: ${SMALL_AFTER + 2}\\b`));
  }, 180_000);

  it('reads in yauzl with every size, offset and count from the ZIP64 fields', async () => {
    const read = await readZip(file(), 1024);
    expect(read).toHaveLength(SMALL_AFTER + 2);
    const big = read[1]!;
    expect(big.name).toBe('big/zeros.bin');
    expect(big.size).toBe(BIG);
    expect(big.compressedSize).toBe(BIG);
    expect(big.crc32).toBe(bigCrc);
    expect(read[0]!.bytes?.toString()).toBe('before the big one\n');
    // Entries whose local headers are past 4 GiB: found through the ZIP64 offset, their bytes intact.
    for (const i of [0, 1, 65_534, 65_535, 65_536, SMALL_AFTER - 1])
      expect(read[i + 2]!.bytes?.toString()).toBe(`${i}\n`);
  }, 120_000);
});
