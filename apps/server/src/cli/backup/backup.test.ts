// `npm run backup` and `npm run restore` (decision 027). A backup taken while four loops write (clients,
// projects, uploads and deletes) restores, into an empty data dir or a new PostgreSQL database, every write
// acknowledged before it began, exactly, with its files' bytes; a session and a two-factor seed made before
// it still work; every file the restored database names is there. Refused: bad usage, a folder or a target
// that is not empty, a missing manifest, a file that differs from its manifest (named), a database that
// names a file its storage lacks. On S3 the objects are listed (the bucket's versioning keeps them) and
// checked at restore, or copied with --with-files.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  TEST_DATABASE_URL,
  TEST_DIALECT,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import type { Config } from '../../config.ts';
import { codeAt, enableTwoFactor } from '../../modules/account/two-factor-testing.ts';
import { addTrack, sineWav, uploadFile, uploadVersion } from '../../modules/media/media-testing.ts';
import { uploadAvatar } from '../../modules/profile/test-fixtures.ts';
import { everyNamedStorageKey } from '../../modules/stored-keys.ts';
import { backupCommand } from '../backup.ts';
import { type BackupManifest, MANIFEST } from './backup-manifest.ts';
import { restoreCommand } from './restore.ts';

/** Where an instance keeps its data: a data dir, and on PostgreSQL a schema (in the test database or a new one). */
interface Place {
  dataDir: string;
  database: Config['database'];
  /** The server's environment for this place, as an operator would set it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

const places: Place[] = [];
const apps: TestApp[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  for (const place of places.splice(0)) await place.drop();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const randomName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A new place. On PostgreSQL, a new schema in the test database; or, `inNewDatabase`, that schema's name in
 * a database made for it (a dump is restored under its own schema name).
 */
async function newPlace(opts: { schema?: string; inNewDatabase?: boolean } = {}): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-backup-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  let place: Place;
  if (TEST_DIALECT === 'sqlite') {
    place = {
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'mixdesk.db') },
      env: { DATA_DIR: dataDir },
      drop: removeDir,
    };
  } else {
    const schema = opts.schema ?? randomName('bk');
    const url = new URL(TEST_DATABASE_URL);
    const database = randomName('restore');
    if (opts.inNewDatabase) {
      await admin(`create database ${database}`);
      url.pathname = `/${database}`;
    }
    place = {
      dataDir,
      database: { kind: 'postgres', url: url.toString(), schema },
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_SCHEMA: schema },
      drop: async () => {
        await admin(
          opts.inNewDatabase
            ? `drop database if exists ${database} with (force)`
            : `drop schema if exists "${schema}" cascade`,
        );
        await removeDir();
      },
    };
  }
  places.push(place);
  return place;
}

/** Where a backup of `place` is restored: empty, and on PostgreSQL the same schema in a new database. */
const emptyPlaceFor = (place: Place) =>
  newPlace({
    inNewDatabase: true,
    ...(place.database.kind === 'postgres' ? { schema: place.database.schema } : {}),
  });

/** A real app on a place, its JWT secret generated and kept as a deployment's is (no JWT_SECRET). */
async function openApp(place: Place, extra: Partial<Config> = {}): Promise<FastifyInstance> {
  const t = await createTestApp({
    dataDir: place.dataDir,
    database: place.database,
    jwtSecret: undefined,
    ...extra,
  });
  apps.push(t);
  return t.app;
}

/** A new empty folder for a backup, removed after the test. */
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-backup-out-'));
  folders.push(dir);
  return dir;
};

let lines: string[];
const print = (line: string) => lines.push(line);
beforeEach(() => {
  lines = [];
});
const withPath = (env: Record<string, string>) => ({ ...env, PATH: process.env.PATH ?? '/usr/bin:/bin' });
const backupOf = (place: Place, dir: string, extra: string[] = [], env: Record<string, string> = {}) =>
  backupCommand([dir, ...extra], withPath({ ...place.env, ...env }), print);
const restoreInto = (place: Place, dir: string, env: Record<string, string> = {}) =>
  restoreCommand([dir], withPath({ ...place.env, ...env }), print);
/** Runs `npm run backup` or `npm run restore` as an operator does: a process of its own beside the app's. */
async function runScript(name: 'backup' | 'restore', env: Record<string, string>, dir: string) {
  const script = path.resolve(import.meta.dirname, '../../../../../scripts', `${name}.mjs`);
  const child = spawn(process.execPath, [script, dir], {
    env: withPath(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = await once(child, 'close');
  lines.push(...out.trim().split('\n'));
  return { code: code as number, output: `${out}${err}` };
}
const manifestOf = (dir: string): BackupManifest =>
  JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));

const rowOf = (app: FastifyInstance, table: 'clients' | 'projects' | 'project_files', id: string) =>
  app.ctx.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

/** When a write's answer came: before the backup began, while it ran, or after it ended. */
type Phase = 'before' | 'during' | 'after';

/** One acknowledged write: what it made or removed, and when its answer came. */
interface Ack {
  what: 'client' | 'project' | 'file' | 'deleted file';
  id: string;
  projectId?: string;
  bytes?: Buffer;
  owner: SignedIn;
  phase: Phase;
}

const workloads: Workload[] = [];
afterEach(async () => {
  // A test that failed midway leaves its loops running: they stop before its apps close.
  for (const work of workloads.splice(0)) await work.stop().catch(() => {});
});

/** Loops that write through the API until stopped, recording each write acknowledged (2xx). */
class Workload {
  readonly acks: Ack[] = [];
  phase: Phase = 'before';
  private stopped = false;
  private waiters: Array<{ count: number; resolve: () => void; reject: (err: Error) => void }> = [];
  private readonly loops: Promise<PromiseSettledResult<void>[]>;
  private failure: Error | undefined;

  constructor(
    private readonly app: FastifyInstance,
    people: SignedIn[],
  ) {
    this.loops = Promise.allSettled(people.map((who, n) => this.loop(who, n)));
    workloads.push(this);
  }

  /** Resolves once `count` writes have been acknowledged in all; rejects if a write fails. */
  acknowledged(count: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.acks.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ count, resolve, reject }));
  }

  /** Stops the loops after their current write; rejects if a write failed. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loops;
    if (this.failure) throw this.failure;
  }

  private ack(res: LightMyRequestResponse, status: number, entry: Omit<Ack, 'phase'>): void {
    if (res.statusCode !== status) {
      this.failure ??= new Error(`a write failed: ${entry.what}: ${res.statusCode} ${res.body}`);
      for (const waiter of this.waiters) waiter.reject(this.failure);
      throw this.failure;
    }
    this.acks.push({ ...entry, phase: this.phase });
    for (const waiter of this.waiters.filter((w) => this.acks.length >= w.count)) waiter.resolve();
  }

  /** Each round: a client, a project, two files into it, and the first file deleted again. */
  private async loop(owner: SignedIn, n: number): Promise<void> {
    const headers = bearer(owner.token);
    for (let round = 0; !this.stopped; round += 1) {
      const tag = `${n}.${round}`;
      const client = await this.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers,
        payload: { name: `Client ${tag}`, email: uniqueEmail('client') },
      });
      this.ack(client, 201, { what: 'client', id: client.json().data?.client?._id, owner });
      const project = await this.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers,
        payload: { title: `Session ${tag}` },
      });
      const projectId: string = project.json().data?.project?._id;
      this.ack(project, 201, { what: 'project', id: projectId, owner });
      const files: Array<{ id: string; bytes: Buffer }> = [];
      for (const take of ['one', 'two']) {
        const bytes = Buffer.from(`Take ${take} of ${tag}\n${randomBytes(300).toString('base64')}\n`);
        const res = await uploadFile(this.app, owner.token, projectId, bytes, `take-${take}.txt`, 'lyrics');
        const id: string = res.json().data?.file?._id;
        this.ack(res, 201, { what: 'file', id, projectId, bytes, owner });
        files.push({ id, bytes });
      }
      const removed = await this.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}/files/${files[0]!.id}`,
        headers,
      });
      this.ack(removed, 200, { what: 'deleted file', id: files[0]!.id, projectId, owner });
    }
  }
}

const download = (app: FastifyInstance, a: Ack) =>
  app.inject({ url: `/api/projects/${a.projectId}/files/${a.id}/download`, headers: bearer(a.owner.token) });

describe('a backup taken while the app writes', () => {
  it('restores every write acknowledged before it began, exactly, with sessions, two-factor seeds and files', async () => {
    const source = await newPlace();
    // Four loops writing as fast as they can: past the per-person write limits, as a load test would set.
    const app = await openApp(source, RAISED_RATE_LIMITS);
    // Before the backup: a signed-in session, a two-factor seed (sealed with the generated secret), an
    // avatar and an audio version (the other kinds of stored object).
    const guarded = await registerUser(app, { name: 'Guarded' });
    const { secret } = await enableTwoFactor(app, guarded);
    const singer = await registerUser(app, { name: 'Singer' });
    expect((await uploadAvatar(app, singer)).statusCode).toBe(200);
    const albumId: string = (
      await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(singer.token),
        payload: { title: 'Album' },
      })
    ).json().data.project._id;
    const track = await addTrack(app, singer.token, albumId);
    const wav = sineWav({ seconds: 0.5 });
    expect((await uploadVersion(app, singer.token, albumId, track._id, wav)).statusCode).toBe(201);

    const writers = await Promise.all([1, 2, 3, 4].map((n) => registerUser(app, { name: `Writer ${n}` })));
    const work = new Workload(app, writers);
    await work.acknowledged(60);
    const dir = path.join(newFolder(), 'backup');
    work.phase = 'during';
    const backedUp = await runScript('backup', source.env, dir);
    work.phase = 'after';
    expect(backedUp.code, backedUp.output).toBe(0);
    // The loops go on after the backup, then stop.
    await work.acknowledged(work.acks.length + 8);
    await work.stop();
    expect(lines.at(-1)).toMatch(
      /^backup: (sqlite|postgres schema bk_\w+) database \([\d.]+ [KM]B\), \d secrets?, \d+ files \([\d.]+ [KM]?B\) copied, to .+ in \d+ ms$/,
    );

    const manifest = manifestOf(dir);
    expect(manifest).toMatchObject({ format: 'mixdesk-backup', dialect: TEST_DIALECT, appVersion: '0.1.0' });
    expect(manifest.migrations.at(-1)).toMatch(/^\d{4}-/);
    expect(manifest.storage).toMatchObject({ kind: 'disk', copied: true });
    expect(manifest.files.map((f) => f.path)).toContain(
      TEST_DIALECT === 'sqlite' ? 'mixdesk.db' : 'database.dump',
    );
    if (TEST_DIALECT === 'sqlite') expect(manifest.files.map((f) => f.path)).toContain('jwt-secret');

    const target = await emptyPlaceFor(source);
    const restoredBack = await runScript('restore', target.env, dir);
    expect(restoredBack.code, restoredBack.output).toBe(0);
    expect(lines.at(-1)).toMatch(
      /^restore: every checksum verified; database \([\d.]+ [KM]B\), \d secrets?, \d+ files \([\d.]+ [KM]?B\) copied back, from .+ in \d+ ms$/,
    );
    const restored = await openApp(target);

    // The backup is of one moment between its start and its end: every write acknowledged before it began
    // is in it, exactly, unless a write acknowledged while it ran undid it (a file deleted meanwhile, which
    // may be there or not, with its bytes if there).
    const before = work.acks.filter((a) => a.phase === 'before');
    expect(before.length).toBeGreaterThanOrEqual(60);
    const deletedWhen = new Map(
      work.acks.filter((a) => a.what === 'deleted file').map((a) => [a.id, a.phase]),
    );
    let checked = 0;
    for (const a of before) {
      if (a.what === 'client')
        expect(await rowOf(restored, 'clients', a.id)).toEqual(await rowOf(app, 'clients', a.id));
      if (a.what === 'project') {
        const res = await restored.inject({ url: `/api/projects/${a.id}`, headers: bearer(a.owner.token) });
        expect(res.statusCode).toBe(200);
      }
      if (a.what === 'deleted file') {
        // The last write of its round: the project is as it is now, and the file is gone.
        expect(await rowOf(restored, 'projects', a.projectId!)).toEqual(
          await rowOf(app, 'projects', a.projectId!),
        );
        expect(await rowOf(restored, 'project_files', a.id)).toBeUndefined();
      }
      if (a.what === 'file' && deletedWhen.get(a.id) !== 'before') {
        const res = await download(restored, a);
        if (deletedWhen.get(a.id) === 'during' && res.statusCode === 404) continue;
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(a.bytes!)).toBe(true);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(before.length / 2);
    // The session made before the backup is still accepted, and the two-factor seed still opens.
    const me = await restored.inject({ url: '/api/auth/me', headers: bearer(guarded.token) });
    expect(me.statusCode).toBe(200);
    const login = await restored.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: guarded.user.email, password: guarded.password },
    });
    const second = await restored.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge: login.json().data.challenge, code: codeAt(secret, 1) },
    });
    expect(second.statusCode).toBe(200);
    // Every stored file the restored database names is there.
    const keys = await everyNamedStorageKey(restored.ctx.db);
    expect(keys.size).toBe(manifest.objects.length);
    for (const key of keys) expect(await restored.ctx.storage.stat(key)).not.toBeNull();
    const version = await restored.ctx.db
      .selectFrom('track_versions')
      .select('storage_key')
      .executeTakeFirstOrThrow();
    expect((await buffer(await restored.ctx.storage.get(version.storage_key))).equals(wav)).toBe(true);
    // Writes went on while the backup ran.
    expect(work.acks.filter((a) => a.phase === 'during').length).toBeGreaterThan(0);
  });
});

/** An app with a little of everything stored, and its backup folder's path (not yet written). */
async function smallInstance(extra: Partial<Config> = {}) {
  const source = await newPlace();
  const app = await openApp(source, extra);
  const owner = await registerUser(app);
  const projectId: string = (
    await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Demo' },
    })
  ).json().data.project._id;
  const bytes = Buffer.from(`stems list ${randomBytes(8).toString('hex')}\n`);
  const file = (await uploadFile(app, owner.token, projectId, bytes, 'stems.txt', 'lyrics')).json().data.file;
  return {
    source,
    app,
    owner,
    projectId,
    fileId: file._id as string,
    bytes,
    dir: path.join(newFolder(), 'backup'),
  };
}

describe('refusals', () => {
  it('explains its usage without a folder, or with two', async () => {
    expect(await backupCommand([], {}, print)).toBe(2);
    expect(await restoreCommand(['a', 'b'], {}, print)).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(/^Usage: npm run backup -- <dir> \[--with-files\]/),
      expect.stringMatching(/^Usage: npm run restore -- <dir>/),
    ]);
  });

  it('backs up into a new or empty folder only', async () => {
    const { source } = await smallInstance();
    const dir = newFolder();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect(await backupOf(source, dir)).toBe(2);
    expect(lines).toEqual([`backup: ${dir} is not empty: back up into a new or empty folder`]);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('restores only a folder with a manifest', async () => {
    const target = await newPlace();
    const dir = newFolder();
    expect(await restoreInto(target, dir)).toBe(2);
    expect(lines.at(-1)).toBe(
      `restore: ${dir} is not a Mixdesk backup: it holds no manifest.json (a backup that did not finish has none)`,
    );
    expect(await restoreInto(target, path.join(dir, 'nothing'))).toBe(2);
    expect(lines.at(-1)).toBe(
      `restore: ${path.join(dir, 'nothing')} is not a Mixdesk backup: it does not exist`,
    );
  });

  it('restores only into an empty data dir or schema', async () => {
    const { source, dir } = await smallInstance();
    expect(await backupOf(source, dir)).toBe(0);
    // Into the instance it came from: its data dir, or its schema, holds it all already.
    expect(await restoreInto(source, dir)).toBe(2);
    expect(lines.at(-1)).toMatch(
      TEST_DIALECT === 'sqlite'
        ? /^restore: DATA_DIR .+ is not empty \(it holds .*mixdesk\.db.*\): restore only into an empty data dir$/
        : /^restore: schema bk_\w+ of DATABASE_URL already holds \d+ tables: restore only into an empty schema \(or a new database\)$/,
    );
  });

  it('refuses a backup whose file differs from its manifest, naming the file, and writes nothing', async () => {
    const { source, dir } = await smallInstance();
    expect(await backupOf(source, dir)).toBe(0);
    const manifest = manifestOf(dir);
    const stored = manifest.files.find((f) => f.path.startsWith('files/'))!;
    const copy = path.join(newFolder(), 'copy');
    for (const [damaged, change] of [
      [
        stored.path,
        (bytes: Buffer) => Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1)! ^ 1])]),
      ],
      [manifest.files[0]!.path, (bytes: Buffer) => bytes.subarray(0, bytes.length - 1)],
    ] as const) {
      rmSync(copy, { recursive: true, force: true });
      cpSync(dir, copy, { recursive: true });
      writeFileSync(path.join(copy, damaged), change(readFileSync(path.join(copy, damaged))));
      const target = await emptyPlaceFor(source);
      expect(await restoreInto(target, copy)).toBe(1);
      expect(lines.at(-1)).toMatch(
        new RegExp(`^restore: ${damaged} of the backup does not match manifest\\.json: `),
      );
      expect(readdirSync(target.dataDir)).toEqual([]);
    }
    expect(lines.slice(-2)).toEqual([
      `restore: ${stored.path} of the backup does not match manifest.json: its SHA-256 differs from the manifest`,
      expect.stringMatching(/it has \d+ bytes, the manifest says \d+$/),
    ]);
  });

  it('refuses to back up a database that names a file its storage lacks, naming it, and keeps nothing', async () => {
    const { source, app, dir } = await smallInstance();
    const key = (await app.ctx.db.selectFrom('project_files').select('storage_key').executeTakeFirstOrThrow())
      .storage_key;
    await app.ctx.storage.remove(key);
    expect(await backupOf(source, dir)).toBe(1);
    // Each snapshot names it again; after the fifth the backup gives up and keeps nothing.
    const named = `1 stored file the database names (first: ${key})`;
    expect(lines).toEqual([
      ...Array(4).fill(`backup: ${named} went after the snapshot: taking a new one`),
      `backup: ${named} missing in 5 snapshots in a row: the storage lacks files the database names ` +
        "(the server's diagnostics may tell why), so no backup was written",
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('with S3 storage', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  beforeEach(async () => {
    await s3.empty();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const s3Env = () => ({
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
    S3_FORCE_PATH_STYLE: '1',
  });

  it('lists the objects (kept by the bucket), and restore checks each is there', async () => {
    const { source, owner, projectId, fileId, bytes, dir } = await smallInstance({ s3: s3.config });
    expect(await backupOf(source, dir, [], s3Env())).toBe(0);
    expect(lines.at(-1)).toMatch(/ 1 object \(\d+ B\) listed in bucket mixdesk-test, not copied, to /);
    const manifest = manifestOf(dir);
    expect(manifest.storage).toMatchObject({ kind: 's3', bucket: 'mixdesk-test', copied: false });
    expect(manifest.storage.note).toMatch(/versioning/);
    expect(manifest.objects).toEqual([{ key: expect.any(String), size: bytes.length, sha256: null }]);
    expect(manifest.files.some((f) => f.path.startsWith('files/'))).toBe(false);

    const target = await emptyPlaceFor(source);
    expect(await restoreInto(target, dir, s3Env())).toBe(0);
    expect(lines.at(-1)).toMatch(/ 1 object \(\d+ B\) found in the bucket, from /);
    const restored = await openApp(target, { s3: s3.config });
    const res = await restored.inject({
      url: `/api/projects/${projectId}/files/${fileId}/download`,
      headers: bearer(owner.token),
    });
    expect(res.rawPayload.equals(bytes)).toBe(true);

    // An object gone from the bucket: restore says which, and writes nothing.
    await s3.empty();
    const again = await emptyPlaceFor(source);
    expect(await restoreInto(again, dir, s3Env())).toBe(1);
    expect(lines.at(-1)).toBe(
      `restore: 1 object of the 1 the backup lists is not as listed in bucket mixdesk-test (set the same S3_* ` +
        `settings, and recover them from its versions); first: ${manifest.objects[0]!.key} is missing`,
    );
    expect(readdirSync(again.dataDir)).toEqual([]);
  });

  it('copies the objects too with --with-files, and restore puts them back into the bucket', async () => {
    const { source, owner, projectId, fileId, bytes, dir } = await smallInstance({ s3: s3.config });
    expect(await backupOf(source, dir, ['--with-files'], s3Env())).toBe(0);
    expect(manifestOf(dir).storage).toMatchObject({ kind: 's3', copied: true });
    await s3.empty();
    const target = await emptyPlaceFor(source);
    expect(await restoreInto(target, dir, s3Env())).toBe(0);
    const restored = await openApp(target, { s3: s3.config });
    const res = await restored.inject({
      url: `/api/projects/${projectId}/files/${fileId}/download`,
      headers: bearer(owner.token),
    });
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});
