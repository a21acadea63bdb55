// kill -9 at about half of a 1 GiB resumable upload (tus, issue #34), on the embedded shape (SQLite, files on
// disk): after the restart HEAD answers an offset whose bytes are all on the disk and are the file's own, the
// same tus client (tus-js-client, nobody here wrote it) resumes from there having sent at most one chunk
// again, the stored file's SHA-256 is the source's, and no byte of the upload is left anywhere after it.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tus from 'tus-js-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { bearer } from '../helper.ts';
import { endpoint, type Instance, killInstance, startInstance, stopInstance } from '../instance-process.ts';
import { until } from '../services.ts';
import { instanceEnv, people } from './write-load.ts';

const MIB = 1024 * 1024;
const TOTAL = 1024 * MIB;
const CHUNK = 8 * MIB;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** 1 GiB that differs in every MiB (each MiB starts with its index), written to `file`; its SHA-256. */
async function writeSource(file: string): Promise<string> {
  const hash = createHash('sha256');
  let i = 0;
  const block = Buffer.alloc(MIB, 0x6d);
  await pipeline(
    new Readable({
      read() {
        if (i * MIB >= TOTAL) return this.push(null);
        const chunk = Buffer.from(block);
        chunk.writeUInt32LE(i, 0);
        chunk.writeUInt32LE(i * 7919, MIB - 4);
        i += 1;
        hash.update(chunk);
        this.push(chunk);
      },
    }),
    createWriteStream(file),
  );
  return hash.digest('hex');
}

async function sha256Of(file: string, end?: number): Promise<string> {
  const hash = createHash('sha256');
  if (end === 0) return hash.digest('hex');
  for await (const chunk of createReadStream(file, end === undefined ? {} : { end: end - 1 }))
    hash.update(chunk);
  return hash.digest('hex');
}

interface Run {
  url: string;
  /** The highest byte count the client saw the server accept. */
  accepted: number;
  /** Bytes the client handed to the connection. */
  sent: number;
  patchOffsets: number[];
  error: string | null;
}

function send(
  base: string,
  token: string,
  file: string,
  meta: Record<string, string>,
  opts: {
    uploadUrl?: string;
    onAccepted?: (accepted: number) => void;
  },
): { done: Promise<Run>; run: Run } {
  const run: Run = { url: opts.uploadUrl ?? '', accepted: 0, sent: 0, patchOffsets: [], error: null };
  const done = new Promise<Run>((resolve) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${base}/api/uploads`,
      uploadUrl: opts.uploadUrl ?? null,
      headers: bearer(token),
      metadata: meta,
      chunkSize: CHUNK,
      uploadSize: TOTAL,
      retryDelays: null,
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') run.patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onProgress: (sent) => {
        run.sent = Math.max(run.sent, sent);
      },
      onChunkComplete: (_size, accepted) => {
        run.accepted = accepted;
        run.url = upload.url ?? run.url;
        opts.onAccepted?.(accepted);
      },
      onSuccess: () => {
        run.url = upload.url ?? run.url;
        resolve(run);
      },
      onError: (err) => {
        run.url = upload.url ?? run.url;
        run.error = err.message;
        resolve(run);
      },
    });
    upload.start();
  });
  return { done, run };
}

describe('kill -9 at about half of a 1 GiB resumable upload (files on disk)', () => {
  it('resumes from the offset HEAD answers, sends at most one chunk again, and keeps no stray byte', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-kill-tus-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const source = path.join(dir, 'source.bin');
    const sourceSha = await writeSource(source);
    const dataDir = path.join(dir, 'data');
    const env = await instanceEnv(dataDir);
    let instance: Instance = await startInstance('tus', env);
    cleanups.push(() => stopInstance(instance));
    const database = await openDatabase({
      database: { kind: 'sqlite', file: path.join(dataDir, 'mixdesk.db') },
    });
    cleanups.push(() => database.close());
    const app = endpoint(instance.url, database.db);
    const [owner] = await people(app, 1, 'Resumer');
    const token = owner!.token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { title: 'Long Session', type: 'album' },
    });
    const projectId: string = created.json().data.project._id;
    const meta = { target: 'file', projectId, category: 'session', filename: 'whole-session.bin' };

    let killing: Promise<void> | null = null;
    const first = send(instance.url, token, source, meta, {
      onAccepted: (accepted) => {
        if (accepted >= TOTAL / 2 && !killing) killing = killInstance(instance);
      },
    });
    const cut = await first.done;
    await killing;
    expect(cut.error).not.toBeNull();
    expect(cut.accepted).toBeGreaterThanOrEqual(TOTAL / 2);
    expect(cut.accepted).toBeLessThan(TOTAL);

    instance = await startInstance('tus', env);
    const head = await fetch(`${instance.url}${new URL(cut.url).pathname}`, {
      method: 'HEAD',
      headers: { ...bearer(token), 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    // Every acknowledged byte survived the kill; what HEAD answers is on the disk, and is the file's start.
    expect(offset).toBeGreaterThanOrEqual(cut.accepted);
    const id = new URL(cut.url).pathname.split('/').pop() ?? '';
    const waiting = path.join(dataDir, 'uploads', id);
    expect(statSync(waiting).size).toBe(offset);
    expect(await sha256Of(waiting)).toBe(await sha256Of(source, offset));

    const second = send(instance.url, token, source, meta, { uploadUrl: cut.url });
    const resumed = await second.done;
    expect(resumed.error).toBeNull();
    expect(resumed.patchOffsets[0]).toBe(offset);
    // Sent again: what the first client had handed over past the offset the server kept (at most one chunk).
    const resent = cut.sent - offset;
    expect(resent).toBeLessThanOrEqual(CHUNK);

    const status = async () =>
      (await fetch(`${instance.url}/api/uploads/${id}`, { headers: bearer(token) }).then((r) => r.json()))
        .data as { status: string; file?: { _id: string; size: number } };
    await until(async () => (await status()).status !== 'processing', 120_000, 'the upload to be processed');
    const done = await status();
    expect(done.status).toBe('done');
    expect(done.file?.size).toBe(TOTAL);
    const download = await fetch(
      `${instance.url}/api/projects/${projectId}/files/${done.file?._id}/download`,
      {
        headers: bearer(token),
      },
    );
    const hash = createHash('sha256');
    for await (const chunk of Readable.fromWeb(download.body as never)) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sourceSha);

    // No stray bytes: the upload's own file and record are gone, no partial write is left in storage.
    const left = readdirSync(path.join(dataDir, 'uploads'));
    const partials = readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((f) =>
      String(f).endsWith('.part'),
    );
    expect(left).toEqual([]);
    expect(partials).toEqual([]);
    console.log(
      `kill -9 mid tus upload: killed at ${Math.round(cut.accepted / MIB)} MiB acknowledged ` +
        `(${Math.round(cut.sent / MIB)} MiB sent); HEAD after the restart: ${Math.round(offset / MIB)} MiB ` +
        `(${offset - cut.accepted} bytes past the last acknowledgement, all on disk); resent ${Math.max(0, resent)} bytes; SHA-256 equal`,
    );
  }, 600_000);
});
