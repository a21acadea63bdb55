// A mastering job while it renders (issue #17): it works in a temporary folder of its own and leaves nothing
// behind (no folder, no open file), plans plain gain from the stored analysis (reading the original once),
// and when the track or the project goes away meanwhile, or the master cannot be read back, it fails
// saying so and keeps nothing. The original is served through a named pipe, so the job waits inside its
// render until the test has done what it does "meanwhile" and feeds it the bytes.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobSchema } from '@mixdesk/contract/jobs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { sine, wavFile } from '../analysis/test-signals.ts';
import { resolveBinary } from '../media/decoder.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  storedFiles,
  uploadVersion,
} from '../media/media-testing.ts';

const RATE = 48_000;
/** Three seconds of a −30 dBFS tone: the stored analysis lets −14 LUFS be reached by plain gain in one render. */
const TONE = wavFile(sine({ seconds: 3, sampleRate: RATE, channels: 2, hz: 1000, dbfs: -30 }), RATE, 2, 16);
const FFPROBE = resolveBinary('ffprobe', undefined, process.env.PATH).path;

let t: TestApp;
let p: ProjectWithPeople;
let dir: string;
/** The app's TMPDIR while the tests run: only the jobs' own folders appear in it. */
let tmp: string;
let bin: string;
let savedTmpdir: string | undefined;
const fifos: string[] = [];

const ffprobe = (script: string) =>
  writeFileSync(path.join(bin, 'ffprobe'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-in-flight-'));
  tmp = path.join(dir, 'tmp');
  bin = path.join(dir, 'bin');
  mkdirSync(tmp);
  mkdirSync(bin);
  // The decoders' ffprobe, through a script the last test turns into one that refuses every file.
  ffprobe(`exec '${FFPROBE}' "$@"`);
  t = await createTestApp({ searchPath: `${bin}${path.delimiter}${process.env.PATH}` });
  p = await projectWithPeople(t.app);
  savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  // A test that failed with the job still waiting on its pipe: end the wait (either side) so nothing hangs.
  for (const fifo of fifos.splice(0)) {
    for (const flags of [constants.O_RDONLY, constants.O_WRONLY])
      try {
        closeSync(openSync(fifo, flags | constants.O_NONBLOCK));
      } catch {
        // Gone with its track or project, or nobody on the other side: nothing to end.
      }
  }
});
afterAll(async () => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const mastersInTmp = () => readdirSync(tmp).filter((name) => name.startsWith('mixdesk-master-'));
/** Files this process holds open under the app's TMPDIR (Linux). */
const openUnderTmp = () =>
  readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(tmp));

async function version(projectId = p.projectId, token = p.owner.token) {
  const trackId = (await addTrack(t.app, token, projectId, { title: 'Take' }))._id;
  const res = await uploadVersion(t.app, token, projectId, trackId, TONE, 'take.wav');
  expect(res.statusCode, res.body).toBe(201);
  await jobQueue(t.app.ctx).idle();
  return { projectId, trackId, versionId: res.json().data.version._id as string };
}

/**
 * Puts a named pipe where the version's file is stored. `opened` resolves once a reader (the job's render)
 * has opened it; `feed` then gives it the file's bytes.
 */
async function piped(versionId: string) {
  const row = await t.app.ctx.db
    .selectFrom('track_versions')
    .select('storage_key')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  const file = t.app.ctx.storage.localPath!(row.storage_key);
  const bytes = readFileSync(file);
  unlinkSync(file);
  execFileSync('mkfifo', [file]);
  fifos.push(file);
  const opened: Promise<FileHandle> = open(file, 'w');
  return {
    opened,
    feed: async () => {
      const handle = await opened;
      await handle.writeFile(bytes);
      await handle.close();
    },
  };
}

async function master(v: { projectId: string; trackId: string; versionId: string }, token = p.editor.token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${v.projectId}/tracks/${v.trackId}/versions/${v.versionId}/master`,
    headers: bearer(token),
    payload: { targetLufs: -14, truePeakDbtp: -1 },
  });
  expect(res.statusCode, res.body).toBe(202);
  return JobSchema.parse(res.json().data.job)._id;
}

const jobRow = (id: string) =>
  t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

describe('a mastering job in flight', () => {
  it('renders once from the stored analysis in a folder of its own, and leaves nothing behind', async () => {
    const v = await version();
    const pipe = await piped(v.versionId);
    const jobId = await master(v);
    await pipe.opened;
    // Waiting in its render: its folder is there, in the app's TMPDIR.
    expect(mastersInTmp()).toHaveLength(1);
    await pipe.feed();
    // One read of the original is all it takes: a second would wait on the pipe for ever.
    await until(async () => (await jobRow(jobId))?.status === 'done', 20_000, 'the master');
    await jobQueue(t.app.ctx).idle();
    expect(mastersInTmp()).toEqual([]);
    await until(async () => openUnderTmp().length === 0, 5_000, 'no file of the master left open');
  });

  it('fails when the track is deleted while it renders, and keeps nothing', async () => {
    const v = await version();
    const pipe = await piped(v.versionId);
    const jobId = await master(v);
    await pipe.opened;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${v.projectId}/tracks/${v.trackId}`,
      headers: bearer(p.owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    const files = storedFiles(t.config.dataDir);
    await pipe.feed();
    await jobQueue(t.app.ctx).idle();
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', error: 'Track not found', result: null });
    expect(storedFiles(t.config.dataDir)).toEqual(files);
    const versions = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('id')
      .where('track_id', '=', v.trackId)
      .execute();
    expect(versions).toEqual([]);
    expect(mastersInTmp()).toEqual([]);
  });

  it('fails when the project is deleted while it renders, and keeps nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(p.owner.token),
      payload: { title: 'Gone Soon' },
    });
    const v = await version(created.json().data.project._id);
    const pipe = await piped(v.versionId);
    const jobId = await master(v, p.owner.token);
    await pipe.opened;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${v.projectId}`,
      headers: bearer(p.owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    await pipe.feed();
    await jobQueue(t.app.ctx).idle();
    // The job's row went with the project: what it failed with is in the log.
    expect(await jobRow(jobId)).toBeUndefined();
    const failure = t
      .logs()
      .split('\n')
      .filter((line) => line.includes(jobId))
      .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } })
      .find((entry) => entry.msg === 'A job failed');
    expect(failure?.err?.message).toBe('Project not found');
    expect(storedFiles(t.config.dataDir).filter((f) => f.includes(v.projectId))).toEqual([]);
    expect(mastersInTmp()).toEqual([]);
  });

  it('fails when the master cannot be read back, and keeps nothing', async () => {
    const v = await version();
    const files = storedFiles(t.config.dataDir);
    ffprobe('exit 1');
    try {
      const jobId = await master(v);
      await jobQueue(t.app.ctx).idle();
      expect(await jobRow(jobId)).toMatchObject({
        status: 'failed',
        error: 'The mastered file could not be read back.',
      });
    } finally {
      ffprobe(`exec '${FFPROBE}' "$@"`);
    }
    expect(storedFiles(t.config.dataDir)).toEqual(files);
    const versions = await t.app.ctx.db
      .selectFrom('track_versions')
      .select('id')
      .where('track_id', '=', v.trackId)
      .execute();
    expect(versions).toHaveLength(1);
    expect(existsSync(tmp) && mastersInTmp()).toEqual([]);
  });
});
