// The storage sweeper, on the local disk and on S3 (s3rver, test/s3-server.ts): objects no row names are
// removed once older than the grace age (what a crash between writing an object and committing its row
// leaves), every object a row names stays whatever its age (versions, project files, avatars, a completed
// document's PDFs), on PostgreSQL one instance sweeps at a time, and the app sweeps once it is ready.
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type SignedIn, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import {
  generateVia,
  mailedSigningToken,
  payloads,
  sendVia,
  signVia,
  typed,
} from '../../modules/documents/documents-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from '../../modules/media/media-testing.ts';
import { uploadAvatar } from '../../modules/profile/test-fixtures.ts';
import { jobQueue } from '../jobs/jobs.ts';
import { DEFAULT_GRACE_MS, SWEEP_LOCK, sweepOrphans } from './storage-sweeper.ts';

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const write = (t: TestApp, key: string, bytes = Buffer.from('left by a crash')) =>
  t.app.ctx.storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
async function keys(t: TestApp): Promise<string[]> {
  const out: string[] = [];
  for await (const o of t.app.ctx.storage.list()) out.push(o.key);
  return out.sort();
}

/** Every key the rows name, read straight from the tables. */
async function keysRowsName(t: TestApp): Promise<string[]> {
  const db = t.app.ctx.db;
  // A version's original and its two listening copies (issue #35).
  const versions = (
    await db.selectFrom('track_versions').select(['storage_key', 'lossless_key', 'compact_key']).execute()
  ).flatMap((v) => [v.storage_key, v.lossless_key, v.compact_key].map((key) => ({ key })));
  const files = await db.selectFrom('project_files').select('storage_key as key').execute();
  const avatars = await db.selectFrom('user_profiles').select('avatar_key as key').execute();
  const documents = await db.selectFrom('documents').select('pdf_key as key').execute();
  const kept = await db.selectFrom('document_files').select('storage_key as key').execute();
  return [...versions, ...files, ...avatars, ...documents, ...kept]
    .flatMap((r) => (r.key ? [r.key] : []))
    .filter((k, i, all) => all.indexOf(k) === i)
    .sort();
}

/** A version, a project file, an avatar and a completed document (its unsigned and its sealed PDF). */
async function rowsWithObjects(t: TestApp, p: ProjectWithPeople) {
  const track = await addTrack(t.app, p.owner.token, p.projectId);
  expect((await uploadVersion(t.app, p.owner.token, p.projectId, track._id, sineWav())).statusCode).toBe(201);
  expect(
    (await uploadFile(t.app, p.owner.token, p.projectId, Buffer.from('stems'), 'a.zip')).statusCode,
  ).toBe(201);
  await uploadAvatar(t.app, p.owner);
  await completedDocument(t, p.owner);
  // The version's listening copies made.
  await jobQueue(t.app.ctx).idle();
}

async function completedDocument(t: TestApp, owner: SignedIn) {
  const body = payloads.contract();
  const doc = await generateVia(t.app, owner, body);
  await sendVia(t.app, owner, doc._id);
  for (const party of [body.parties.primary, body.parties.secondary]) {
    const token = await mailedSigningToken(t.app, party.email);
    expect((await signVia(t.app, token, typed(party.name))).statusCode).toBe(200);
  }
  const row = await t.app.ctx.db
    .selectFrom('documents')
    .select(['status', 'pdf_revision'])
    .where('id', '=', doc._id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'completed', pdf_revision: 2 });
}

describe.each(['disk', 's3'] as const)('the storage sweeper on %s', (where) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let p: ProjectWithPeople;
  beforeAll(async () => {
    if (where === 's3') s3 = await startS3Server();
    t = await createTestApp(s3 ? { s3: s3.config } : {});
    p = await projectWithPeople(t.app);
    await rowsWithObjects(t, p);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps a crash’s object while younger than the grace, removes it once older, and keeps every object a row names', async () => {
    const named = await keysRowsName(t);
    // Every kind of row that names an object is here: audio (the original, a lossless and a compact copy), a
    // file, an avatar, a document's two PDFs.
    expect(named.filter((k) => k.includes('/tracks/'))).toHaveLength(3);
    expect(named.filter((k) => k.includes('/files/'))).toHaveLength(1);
    expect(named.filter((k) => k.startsWith('avatars/'))).toHaveLength(1);
    expect(named.filter((k) => k.startsWith('documents/'))).toHaveLength(2);
    expect(await keys(t)).toEqual(named);

    // A crash after the upload's object was written and before its row was committed.
    const orphan = `projects/${p.projectId}/tracks/0f5c2b9e-1d2a-4c3b-8e7f-000000000001`;
    await write(t, orphan);
    const size = Buffer.byteLength('left by a crash');

    const logged = () => t.logs().split('stored objects no row names').length - 1;
    const loggedBefore = logged();
    expect(await sweepOrphans(t.app.ctx)).toEqual({ scanned: 8, removed: 0, bytesFreed: 0 });
    expect(await sweepOrphans(t.app.ctx, { now: later(DEFAULT_GRACE_MS - MINUTE) })).toMatchObject({
      removed: 0,
    });
    expect(await keys(t)).toEqual([...named, orphan].sort());

    const swept = await sweepOrphans(t.app.ctx, { now: later(DEFAULT_GRACE_MS + MINUTE) });
    expect(swept).toEqual({ scanned: 8, removed: 1, bytesFreed: size });
    expect(await keys(t)).toEqual(named);
    // Told once, with the figures as fields.
    expect(logged()).toBe(loggedBefore + 1);
    const line = t
      .logs()
      .split('\n')
      .findLast((l) => l.includes('Removed 1 stored objects no row names'));
    expect(JSON.parse(line!)).toMatchObject({ service: 'storage', scanned: 8, removed: 1, bytesFreed: size });
    // Nothing to do: nothing removed, nothing logged again.
    expect(await sweepOrphans(t.app.ctx, { now: later(DEFAULT_GRACE_MS * 24) })).toEqual({
      scanned: 7,
      removed: 0,
      bytesFreed: 0,
    });
    expect(logged()).toBe(loggedBefore + 1);
  });

  it("removes a diagnostics probe's leftover and an object of a deleted project, and only once they are old", async () => {
    const named = await keysRowsName(t);
    await write(t, 'diagnostics/probe-0123456789abcdef');
    await write(
      t,
      'projects/0f5c2b9e-1d2a-4c3b-8e7f-00000000dead/files/0f5c2b9e-1d2a-4c3b-8e7f-000000000002',
    );
    expect(await sweepOrphans(t.app.ctx, { olderThanMs: 10 * MINUTE })).toMatchObject({ removed: 0 });
    expect(await sweepOrphans(t.app.ctx, { now: later(DEFAULT_GRACE_MS + MINUTE) })).toMatchObject({
      removed: 2,
    });
    expect(await keys(t)).toEqual(named);
  });
});

describe('the storage sweeper on the local disk', () => {
  it("removes writes cut off by a crash (their '.part' files) once older than the grace, never a fresh one", async () => {
    const t = await createTestApp();
    try {
      await write(t, 'projects/kept');
      const files = path.join(t.config.dataDir, 'files');
      const stale = path.join(files, 'projects', 'x.abc123.part');
      const fresh = path.join(files, 'projects', 'y.def456.part');
      writeFileSync(stale, 'half');
      writeFileSync(fresh, 'half too');
      const hoursAgo = new Date(Date.now() - 2 * DEFAULT_GRACE_MS);
      utimesSync(stale, hoursAgo, hoursAgo);
      // Listing never shows a write in progress as an object.
      expect(await keys(t)).toEqual(['projects/kept']);
      const swept = await sweepOrphans(t.app.ctx, { olderThanMs: DEFAULT_GRACE_MS });
      expect(swept).toEqual({ scanned: 1, removed: 1, bytesFreed: 4 });
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('sweeping with the app', () => {
  /** An app whose storage holds an object no row names, two hours old, before the app is ready. */
  async function appWithOldOrphan(storageSweepMinutes: number) {
    const t = await createTestApp({ storageSweepMinutes });
    await write(t, 'projects/orphan');
    const file = t.app.ctx.storage.localPath!('projects/orphan');
    const hoursAgo = new Date(Date.now() - 2 * DEFAULT_GRACE_MS);
    utimesSync(file, hoursAgo, hoursAgo);
    return t;
  }

  it('sweeps once the app is ready, without holding up readiness, and logs what it removed', async () => {
    const t = await appWithOldOrphan(60);
    try {
      await t.app.ready();
      await vi.waitFor(async () => expect(await t.app.ctx.storage.stat('projects/orphan')).toBeNull());
      await vi.waitFor(() => expect(t.logs()).toContain('Removed 1 stored objects no row names'));
    } finally {
      await t.close();
    }
  });

  it('on SQLite removes at start what an earlier process left, however recent; on PostgreSQL keeps it for the grace', async () => {
    const t = await createTestApp({ storageSweepMinutes: 60 });
    try {
      // Left by the process before this one, killed five minutes ago: an object whose row was never
      // committed, and a write cut off half way.
      await write(t, 'projects/orphan');
      const object = t.app.ctx.storage.localPath!('projects/orphan');
      const partial = path.join(t.config.dataDir, 'files', 'projects', 'cut.abc123.part');
      writeFileSync(partial, 'half');
      const killedAt = new Date(Date.now() - 5 * MINUTE);
      for (const file of [object, partial]) utimesSync(file, killedAt, killedAt);
      await t.app.ready();
      if (TEST_DIALECT === 'sqlite') {
        await vi.waitFor(() => expect(t.logs()).toContain('Removed 2 stored objects no row names'));
        expect(existsSync(object)).toBe(false);
        expect(existsSync(partial)).toBe(false);
      } else {
        // Closing waits for the sweep in progress: after it, both are still there.
        await t.app.close();
        expect(existsSync(object)).toBe(true);
        expect(existsSync(partial)).toBe(true);
      }
    } finally {
      await t.close();
    }
  });

  it('never sweeps with STORAGE_SWEEP_MINUTES=0', async () => {
    const t = await appWithOldOrphan(0);
    const storage = t.app.ctx.storage;
    try {
      await t.app.ready();
      // Closing waits for a sweep in progress: one that had started would have removed it by now.
      await t.app.close();
      expect(await storage.stat('projects/orphan')).toEqual({ size: 15 });
    } finally {
      await t.close();
    }
  });
});

// The lock is PostgreSQL's: SQLite has one instance and nothing to share.
if (TEST_DIALECT === 'postgres')
  describe('the storage sweeper on PostgreSQL', () => {
    it('does nothing while another instance sweeps the same schema, and sweeps once it has finished', async () => {
      const t = await createTestApp();
      const other = new pg.Client({ connectionString: (t.config.database as { url: string }).url });
      try {
        await write(t, 'projects/orphan');
        const schema = (t.config.database as { schema: string }).schema;
        await other.connect();
        await other.query(`set search_path to "${schema}"`);
        // Another instance's sweep, holding the lock.
        await other.query(`select pg_advisory_lock(${SWEEP_LOCK}, hashtext(current_schema()))`);
        const now = later(DEFAULT_GRACE_MS + MINUTE);
        expect(await sweepOrphans(t.app.ctx, { now })).toBeNull();
        expect(await keys(t)).toEqual(['projects/orphan']);
        await other.query(`select pg_advisory_unlock(${SWEEP_LOCK}, hashtext(current_schema()))`);
        expect(await sweepOrphans(t.app.ctx, { now })).toMatchObject({ removed: 1 });
        expect(await keys(t)).toEqual([]);
        // The sweep let go of the lock: another instance can sweep now.
        const { rows } = await other.query(
          `select pg_try_advisory_lock(${SWEEP_LOCK}, hashtext(current_schema())) as locked`,
        );
        expect(rows[0].locked).toBe(true);
        await other.query(`select pg_advisory_unlock(${SWEEP_LOCK}, hashtext(current_schema()))`);
      } finally {
        await other.end();
        await t.close();
      }
    });
  });
