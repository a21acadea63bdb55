// Test helpers for packages: the outside judges of a ZIP (Info-ZIP's `unzip -t`, p7zip's `7z t`, and the npm
// reader yauzl, none of them ours), and what each says an archive holds.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { newId, nowIso } from '../../platform/ids.ts';

const run = promisify(execFile);
/** Names printed as UTF-8 whatever the machine's locale. */
const UTF8_ENV = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
const BIG_OUTPUT = 64 * 1024 * 1024;

/** `unzip -t`: resolves with its output when every entry tests OK (exit 0), rejects otherwise. */
export async function unzipTest(file: string): Promise<string> {
  const { stdout } = await run('unzip', ['-tq', file], { env: UTF8_ENV, maxBuffer: BIG_OUTPUT });
  return stdout;
}

/** `7z t`: resolves with its output when the archive tests OK (exit 0), rejects otherwise. */
export async function sevenZipTest(file: string): Promise<string> {
  const { stdout } = await run('7z', ['t', file], { env: UTF8_ENV, maxBuffer: BIG_OUTPUT });
  return stdout;
}

/** The entries' names as `unzip -Z1` lists them. */
export async function unzipNames(file: string): Promise<string[]> {
  const { stdout } = await run('unzip', ['-Z1', file], { env: UTF8_ENV, maxBuffer: BIG_OUTPUT });
  return stdout.split('\n').filter(Boolean);
}

/** The entries' paths as `7z l -slt` lists them. */
export async function sevenZipNames(file: string): Promise<string[]> {
  const { stdout } = await run('7z', ['l', '-slt', '-sccUTF-8', file], {
    env: UTF8_ENV,
    maxBuffer: BIG_OUTPUT,
  });
  const listing = stdout.slice(stdout.indexOf('----------'));
  return [...listing.matchAll(/^Path = (.*)$/gm)].map((m) => m[1]!);
}

export interface ReadEntry {
  name: string;
  /** General purpose bit flag as written in the central directory. */
  flags: number;
  compressionMethod: number;
  size: number;
  compressedSize: number;
  crc32: number;
  /** The time as yauzl reads it (the extended timestamp when there is one). */
  modifiedAt: Date;
  /** The DOS date and time, read as UTC. */
  dosModifiedAt: Date;
  /** The entry's bytes (null when not read: `readUpTo` smaller than the entry). */
  bytes: Buffer | null;
  /** SHA-256 of the entry's bytes as yauzl streams them (null when not read). */
  sha256: string | null;
}

/**
 * Every entry as yauzl reads the archive (its central directory, and each local header when the data is
 * read), with the bytes of entries up to `readUpTo` bytes (yauzl checks each entry's length as it reads).
 */
export function readZip(file: string, readUpTo = 64 * 1024 * 1024): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries: ReadEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const out: ReadEntry = {
          name: entry.fileName,
          flags: entry.generalPurposeBitFlag,
          compressionMethod: entry.compressionMethod,
          size: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
          crc32: entry.crc32,
          modifiedAt: entry.getLastModDate(),
          dosModifiedAt: entry.getLastModDate({ forceDosFormat: true, timezone: 'UTC' }),
          bytes: null,
          sha256: null,
        };
        entries.push(out);
        if (entry.uncompressedSize > readUpTo) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.bytes = Buffer.concat(chunks);
            out.sha256 = createHash('sha256').update(out.bytes).digest('hex');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** checksums.sha256 as sha256sum reads it: path → hex. */
export function checksumLines(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m) throw new Error(`not a sha256sum line: ${JSON.stringify(line)}`);
    out.set(m[2]!, m[1]!);
  }
  return out;
}

/** Extracts the archive with unzip into `dir` and checks it with `sha256sum -c checksums.sha256` there. */
export async function extractAndVerify(file: string, dir: string): Promise<string> {
  await run('unzip', ['-q', '-o', file, '-d', dir], { env: UTF8_ENV, maxBuffer: BIG_OUTPUT });
  const { stdout } = await run('sha256sum', ['--strict', '-c', 'checksums.sha256'], {
    cwd: dir,
    env: UTF8_ENV,
    maxBuffer: BIG_OUTPUT,
  });
  return stdout;
}

/** A stem of a version, its row and its object written here (as the stems API would store one). */
export async function insertStem(
  app: FastifyInstance,
  at: { projectId: string; trackId: string; versionId: string },
  stem: { name: string; originalName: string; bytes: Buffer; createdAt?: string },
): Promise<{ id: string; key: string }> {
  const id = newId();
  const key = `projects/${at.projectId}/stems/${id}`;
  await app.ctx.storage.put(key, Readable.from([stem.bytes]), { maxBytes: stem.bytes.length });
  await app.ctx.db
    .insertInto('version_stems')
    .values({
      id,
      version_id: at.versionId,
      track_id: at.trackId,
      project_id: at.projectId,
      name: stem.name,
      role: null,
      storage_key: key,
      original_name: stem.originalName,
      mime: 'audio/wav',
      format: 'wav',
      size: stem.bytes.length,
      duration: 1,
      frames: 44_100,
      sample_rate: 44_100,
      bit_depth: 16,
      channels: 2,
      uploaded_by: null,
      created_at: stem.createdAt ?? nowIso(),
    })
    .execute();
  return { id, key };
}

/** The stored object's bytes, read straight from storage. */
export async function storedBytes(app: FastifyInstance, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.ctx.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let saved = 0;

/**
 * A package answer judged whole: 200, application/zip, its Content-Length its body's; the body saved in `dir`
 * passes unzip -t, 7z t and (once extracted) sha256sum -c; every entry is stored with the UTF-8 flag; and
 * checksums.sha256 lists every other entry with its bytes' SHA-256, and nothing else. Its entries as yauzl
 * reads them.
 */
export async function judgedPackage(res: LightMyRequestResponse, dir: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['accept-ranges']).toBe('bytes');
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  saved += 1;
  const file = path.join(dir, `package-${saved}.zip`);
  writeFileSync(file, res.rawPayload);
  expect(await unzipTest(file)).toMatch(/No errors detected/);
  expect(await sevenZipTest(file)).toMatch(/Everything is Ok/);
  const entries = await readZip(file);
  // sha256sum -c finds nothing to check in an empty list (and says so with an error).
  const listsSome = entries.some((e) => e.name === 'checksums.sha256' && e.size > 0);
  const sums = listsSome ? await extractAndVerify(file, path.join(dir, `extracted-${saved}`)) : '';
  for (const e of entries) {
    expect(e.flags & 0x0800, `${e.name}: UTF-8 flag`).toBe(0x0800);
    expect(e.compressionMethod, `${e.name}: stored`).toBe(0);
  }
  const checksums = entries.find((e) => e.name === 'checksums.sha256');
  expect(checksums).toBeDefined();
  const lines = checksumLines(checksums!.bytes!.toString('utf8'));
  const others = entries.filter((e) => e !== checksums);
  expect([...lines.keys()].sort()).toEqual(others.map((e) => e.name).sort());
  for (const e of others) expect(lines.get(e.name), e.name).toBe(e.sha256);
  return { file, entries, sums };
}
