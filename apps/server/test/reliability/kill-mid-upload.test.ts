// kill -9 in the middle of a 200 MB upload, on the embedded shape (SQLite, files on disk) and with an S3
// bucket: after the restart there is no row for it, no object, and no partial write (the first sweep of an
// embedded instance removes what the killed process left at once; a bucket's pending multipart upload is
// aborted the same way). The file uploaded before it is untouched.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { bearer } from '../helper.ts';
import { endpoint, type Instance, killInstance, startInstance, stopInstance } from '../instance-process.ts';
import { startS3Server } from '../s3-server.ts';
import { until } from '../services.ts';
import { instanceEnv, people, s3Env, sha256 } from './write-load.ts';

const MB = 1024 * 1024;
const TOTAL = 200 * MB;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** The `.part` files under `dir` (writes in progress, or cut off), with their sizes. */
function partials(dir: string): number[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.part'))
      .map((d) => statSync(path.join(d.parentPath, d.name)).size);
  } catch {
    return [];
  }
}

/** 200 MB of the same 1 MB block, read as the socket takes them; counts what was handed to the socket. */
function bigBody(sent: { bytes: number }): Readable {
  const block = Buffer.alloc(MB, 0x5a);
  return new Readable({
    read() {
      if (sent.bytes >= TOTAL) return this.push(null);
      sent.bytes += MB;
      this.push(block);
    },
  });
}

describe.each([
  ['files on disk', false],
  ['an S3 bucket', true],
] as const)('kill -9 mid 200 MB upload with %s', (_name, withS3) => {
  it('leaves no row, no object and no partial file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-kill-upload-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const s3 = withS3 ? await startS3Server() : null;
    if (s3) cleanups.push(() => s3.close());
    const database = await openDatabase({
      database: { kind: 'sqlite', file: path.join(dir, 'mixdesk.db') },
    });
    cleanups.push(() => database.close());
    const env = await instanceEnv(dir, s3 ? s3Env(s3.config) : {});
    let instance: Instance = await startInstance('uploader', env);
    cleanups.push(() => stopInstance(instance));
    const app = endpoint(instance.url, database.db);
    const [owner] = await people(app, 1, 'Uploader');
    const created = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner!.token),
      payload: { title: 'Long Session', type: 'album' },
    });
    const projectId: string = created.json().data.project._id;
    const filesUrl = `/api/projects/${projectId}/files?category=stems`;
    const raw = (name: string) => ({
      ...bearer(owner!.token),
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${name}"`,
    });
    const kept = Buffer.from('the take before the crash');
    const first = await app.inject({
      method: 'POST',
      url: filesUrl,
      headers: raw('kept.txt'),
      payload: kept,
    });
    expect(first.statusCode).toBe(201);
    const keptId: string = first.json().data.file._id;

    const sent = { bytes: 0 };
    const answer = new Promise<string>((resolve) => {
      const req = request(`${instance.url}${filesUrl}`, {
        method: 'POST',
        headers: { ...raw('whole-session.bin'), 'content-length': String(TOTAL) },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err) => resolve(`cut: ${err.message}`));
      bigBody(sent).pipe(req);
    });
    // Half way: the server holds about 100 MB of it (a partial file, or parts in the bucket).
    await until(async () => sent.bytes >= TOTAL / 2, 120_000, 'half the upload to be sent');
    const onDiskBefore = partials(path.join(dir, 'files'));
    const pendingBefore = s3 ? await s3.pendingUploads() : [];
    // There is something to leave behind: the test is only worth its name if so.
    if (s3) expect(pendingBefore).toHaveLength(1);
    else expect(onDiskBefore).toHaveLength(1);
    await killInstance(instance);
    expect(await answer).toMatch(/^cut: /);

    instance = await startInstance('uploader', env);
    await until(
      async () =>
        partials(path.join(dir, 'files')).length === 0 && (!s3 || (await s3.pendingUploads()).length === 0),
      30_000,
      'the start-up sweep to remove the cut-off write',
    );
    const rows = await database.db
      .selectFrom('project_files')
      .select(['id', 'size'])
      .where('project_id', '=', projectId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([keptId]);
    const objects = s3 ? await s3.keys() : [];
    if (s3) expect(objects).toHaveLength(1);
    const back = await app.inject({
      url: `/api/projects/${projectId}/files/${keptId}/download`,
      headers: bearer(owner!.token),
    });
    expect(sha256(back.rawPayload)).toBe(sha256(kept));
    console.log(
      `kill -9 mid upload (${withS3 ? 'S3' : 'disk'}): killed after ${Math.round(sent.bytes / MB)} MB sent ` +
        (s3
          ? `(${pendingBefore.length} multipart upload pending)`
          : `(partial file of ${Math.round((onDiskBefore[0] ?? 0) / MB)} MB on disk)`) +
        `; after the restart: 1 row, ${s3 ? `${objects.length} object, 0 pending uploads` : '0 partial files'}`,
    );
  });
});
