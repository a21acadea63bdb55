// Issue #18 on a real instance (`src/main.ts`, SQLite, files on disk) whose DATA_DIR is a 64 MB tmpfs the test
// mounts: audio versions and project files are uploaded until the disk is full. Every upload answers 201 or
// 507 (never a 500, never a hang); the database on the same full disk goes on serving reads, and small writes
// either go through or answer 507; the process stays up. After the test frees space (it gives back room it
// took at the start, as an operator would), uploads work again, and every acknowledged upload is there with
// its exact bytes: no partial file, and nothing on the disk that no row names.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../src/modules/media/sine-wav.ts';
import { CHANGE_NOT_SAVED, DISK_FULL_LOG, FILE_NOT_SAVED } from '../../src/platform/storage/disk-full.ts';
import { type Instance, startInstance, stopInstance } from '../instance-process.ts';
import { freePort } from '../services.ts';
import { cannotMountWarning, filesIn, fillDisk, freeBytes, mountTmpfs, unmountTmpfs } from '../tmpfs.ts';
import { sha256, UNLIMITED } from './write-load.ts';

const KB = 1024;
const MB = 1024 * KB;
const DISK_BYTES = 64 * MB;
/** Room the test takes before the uploads and gives back after them, as an operator freeing space would. */
const BALLAST_BYTES = 8 * MB;
/** An answer later than this is a hang. */
const ANSWER_WITHIN_MS = 60_000;
const UPLOADERS = 2;
const FIRST_UPLOAD_BYTES = 3 * MB;
/** An uploader halves its size after each refusal down to this, and stops once refused at it twice. */
const SMALLEST_UPLOAD_BYTES = 4 * KB;
/** Audio only while an upload is at least this big (a WAV second is 172 KB); smaller ones are files. */
const SMALLEST_WAV_BYTES = 256 * KB;
const WAV_BYTES_PER_SECOND = 44_100 * 2 * 2;
/** Small writes tried on the full disk. */
const SMALL_WRITES = 600;

const mounted = mountTmpfs(DISK_BYTES, 'mixdesk-disk-full-instance-');
if (!mounted.ok) console.warn(cannotMountWarning('apps/server/test/reliability/disk-full.test.ts', mounted));

let instance: Instance | undefined;
afterAll(async () => {
  try {
    if (instance) await stopInstance(instance);
  } finally {
    unmountTmpfs(mounted);
  }
});

interface Answer {
  status: number;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's JSON, read freely
  json: () => any;
}

/** One request to the instance; a hang past ANSWER_WITHIN_MS or a dropped connection throws. */
async function call(
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; bytes?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.bytes) {
    headers['content-type'] = 'application/octet-stream';
    body = new Uint8Array(opts.bytes);
  }
  const res = await fetch(`${instance!.url}${url}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: raw, json: () => JSON.parse(raw.toString('utf8')) };
}

interface Stored {
  kind: 'file' | 'version';
  id: string;
  sha256: string;
  size: number;
}

describe.skipIf(!mounted.ok)(
  'a real instance whose data directory fills up (64 MB tmpfs; skipped only where mounting is not permitted)',
  () => {
    it('answers every upload 201 or 507, stays up, serves reads, and keeps every acknowledged byte', async () => {
      const dataDir = mounted.dir;
      const env: Record<string, string> = {
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        S3_BUCKET: '',
        SEED_DEMO: '0',
        LOG_PRETTY: '0',
        LOG_LEVEL: 'warn',
        JWT_SECRET: '',
        JOB_CONCURRENCY: '1',
        ...UNLIMITED,
      };
      instance = await startInstance('disk-full', env);
      const registered = await call('POST', '/api/auth/register', {
        json: { name: 'Filler', email: `filler-${Date.now()}@example.com`, password: 'Sound-Check-42' },
      });
      expect(registered.status).toBe(201);
      const token: string = registered.json().data.token;
      const project = await call('POST', '/api/projects', {
        token,
        json: { title: 'Full Disk', type: 'album' },
      });
      const projectId: string = project.json().data.project._id;
      const track = await call('POST', `/api/projects/${projectId}/tracks`, {
        token,
        json: { title: 'Take' },
      });
      const trackId: string = track.json().data.track._id;
      const filesUrl = `/api/projects/${projectId}/files`;
      const versionsUrl = `/api/projects/${projectId}/tracks/${trackId}/versions`;

      const ballast = path.join(dataDir, 'ballast');
      const filler = path.join(dataDir, 'filler');
      writeFileSync(ballast, Buffer.alloc(BALLAST_BYTES, 1));

      const stored: Stored[] = [];
      const refusals = { file: 0, change: 0 };
      const wrong: string[] = [];
      let sentBytes = 0;
      let acceptedBytes = 0;

      /** Uploads a file or an audio version of about `size` bytes: 'stored', 'refused' (507), or 'wrong'. */
      async function upload(
        size: number,
        n: string,
        audio: boolean,
      ): Promise<'stored' | 'refused' | 'wrong'> {
        const bytes = audio
          ? sineWav({
              seconds: Math.max(1, Math.round(size / WAV_BYTES_PER_SECOND)),
              hz: 200 + stored.length,
            })
          : randomBytes(size);
        sentBytes += bytes.length;
        const url = audio ? `${versionsUrl}?label=Take%20${n}` : `${filesUrl}?category=stems`;
        let res: Answer;
        try {
          res = await call('POST', url, {
            token,
            bytes,
            headers: { 'content-disposition': `attachment; filename="take-${n}.${audio ? 'wav' : 'bin'}"` },
          });
        } catch (err) {
          wrong.push(`upload ${n}: no answer (${(err as Error).message})`);
          return 'wrong';
        }
        if (res.status === 201) {
          const data = res.json().data;
          stored.push({
            kind: audio ? 'version' : 'file',
            id: audio ? data.version._id : data.file._id,
            sha256: sha256(bytes),
            size: bytes.length,
          });
          acceptedBytes += bytes.length;
          return 'stored';
        }
        const message = res.status === 507 ? res.json().message : null;
        if (message === FILE_NOT_SAVED) refusals.file += 1;
        else if (message === CHANGE_NOT_SAVED) refusals.change += 1;
        else {
          wrong.push(`upload ${n}: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
          return 'wrong';
        }
        return 'refused';
      }

      // Fill: each uploader halves its size after a refusal, until refused twice at the smallest size.
      const fillStarted = Date.now();
      await Promise.all(
        Array.from({ length: UPLOADERS }, async (_, w) => {
          let size = FIRST_UPLOAD_BYTES;
          let refusedAtSmallest = 0;
          for (let i = 0; refusedAtSmallest < 2 && wrong.length === 0; i++) {
            const outcome = await upload(size, `${w}-${i}`, size >= SMALLEST_WAV_BYTES && i % 3 === 0);
            if (outcome !== 'refused') continue;
            if (size === SMALLEST_UPLOAD_BYTES) refusedAtSmallest += 1;
            size = Math.max(SMALLEST_UPLOAD_BYTES, Math.floor(size / 2));
          }
        }),
      );
      const fillMs = Date.now() - fillStarted;
      expect(wrong).toEqual([]);
      expect(refusals.file + refusals.change).toBeGreaterThan(0);
      expect(stored.length).toBeGreaterThan(0);
      const leftAfterUploads = freeBytes(dataDir);
      expect(leftAfterUploads).toBeLessThan(SMALLEST_UPLOAD_BYTES * 4);

      // Not one byte free now: the database shares the disk.
      fillDisk(filler);
      expect(freeBytes(dataDir)).toBe(0);
      expect(instance.child.exitCode).toBeNull();
      expect((await call('GET', '/api/ready')).status).toBe(200);
      const listed = await call('GET', `${filesUrl}?limit=500`, { token });
      expect(listed.status).toBe(200);
      expect(listed.json().data.files).toHaveLength(stored.filter((s) => s.kind === 'file').length);
      const versions = await call('GET', versionsUrl, { token });
      expect(versions.status).toBe(200);
      expect(versions.json().data.versions).toHaveLength(stored.filter((s) => s.kind === 'version').length);
      const refusedOnZero = await call('POST', `${filesUrl}?category=lyrics`, {
        token,
        bytes: Buffer.from('one more line\n'),
      });
      expect([refusedOnZero.status, refusedOnZero.json().message]).toEqual([507, FILE_NOT_SAVED]);

      // Small writes to the database on the full disk: each goes through or is refused with 507, nothing else.
      const smallWrites = { ok: 0, refused: 0, other: [] as string[] };
      const clients: string[] = [];
      for (let i = 0; i < SMALL_WRITES; i++) {
        const res = await call('POST', '/api/clients', {
          token,
          json: { name: `Client ${i}`, email: `client-${i}@example.com`, notes: 'n'.repeat(1000) },
        });
        if (res.status === 201) {
          smallWrites.ok += 1;
          clients.push(res.json().data.client._id);
        } else if (res.status === 507 && res.json().message === CHANGE_NOT_SAVED) smallWrites.refused += 1;
        else smallWrites.other.push(`${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
      }
      expect(smallWrites.other).toEqual([]);
      // The WAL's room runs out within these writes: SQLite's "database or disk is full" is a 507 too.
      expect(smallWrites.refused).toBeGreaterThan(0);
      expect(instance.child.exitCode).toBeNull();
      for (const id of clients) expect((await call('GET', `/api/clients/${id}`, { token })).status).toBe(200);

      // Space freed: uploads and writes work again.
      rmSync(filler);
      rmSync(ballast);
      const recoveryStarted = Date.now();
      expect(await upload(2 * MB, 'after-file', false)).toBe('stored');
      expect(await upload(MB, 'after-audio', true)).toBe('stored');
      const client = await call('POST', '/api/clients', {
        token,
        json: { name: 'After', email: 'after@example.com' },
      });
      expect(client.status).toBe(201);
      // Refused writes left nothing: the clients are the acknowledged ones and this one.
      const network = await call('GET', '/api/clients?limit=1', { token });
      expect(network.json().data.pagination.totalClients).toBe(clients.length + 1);
      const recoveryMs = Date.now() - recoveryStarted;

      // Every acknowledged upload, byte for byte; on the disk exactly the objects the answers named.
      for (const s of stored) {
        const url = s.kind === 'file' ? `${filesUrl}/${s.id}/download` : `${versionsUrl}/${s.id}/audio`;
        const back = await call('GET', url, { token });
        expect([s.kind, s.id, back.status, sha256(back.body)]).toEqual([s.kind, s.id, 200, s.sha256]);
      }
      const expectedObjects = stored
        .map((s) => `projects/${projectId}/${s.kind === 'file' ? 'files' : 'tracks'}/${s.id}`)
        .sort();
      // A version's listening copies (issue #35) are made in the background once there is room, and may be
      // half written now (`<key>-compact.<random>.part`): beside an acknowledged version only, never beside a
      // refused upload's.
      const copyOf = (key: string) => /^(.*)-(?:lossless|compact)(?:\.[^/]*\.part)?$/.exec(key)?.[1];
      const onDisk = filesIn(path.join(dataDir, 'files'));
      expect(onDisk.filter((key) => copyOf(key) === undefined)).toEqual(expectedObjects);
      const storedVersions = new Set(expectedObjects.filter((key) => key.includes('/tracks/')));
      const copies = onDisk.filter((key) => copyOf(key) !== undefined);
      expect(copies.filter((key) => !storedVersions.has(copyOf(key)!))).toEqual([]);
      expect(instance.child.exitCode).toBeNull();
      expect(instance.output()).not.toContain('Unhandled error');

      const withinMs = (n: number) => `${(n / 1000).toFixed(1)} s`;
      const logged = (text: string) => instance!.output().split(text).length - 1;
      console.log(
        [
          `full disk (64 MB tmpfs, SQLite and files on it, ${UPLOADERS} uploaders):`,
          `  uploads accepted: ${stored.length} (${stored.filter((s) => s.kind === 'version').length} audio versions), ${(acceptedBytes / MB).toFixed(1)} MB`,
          `  uploads refused with 507: ${refusals.file + refusals.change} (${refusals.file} "file not saved", ${refusals.change} "change not saved")`,
          `  bytes sent: ${(sentBytes / MB).toFixed(1)} MB; free after the uploads: ${leftAfterUploads} B; filled in ${withinMs(fillMs)}`,
          `  small writes on the full disk: ${smallWrites.ok} went through, ${smallWrites.refused} refused with 507`,
          `  after freeing ${BALLAST_BYTES / MB} MB: two uploads and a write accepted in ${withinMs(recoveryMs)}`,
          `  instance log: ${logged(DISK_FULL_LOG)} refusals logged, ${logged('"A job failed"')} background jobs failed, ${logged('A job worker stopped')} job workers stopped`,
        ].join('\n'),
      );
    });
  },
);
