// kill -9 in the middle of a write load, three times over, on the embedded shape (SQLite, files on disk) and
// on the server shape (PostgreSQL, an S3 bucket): after each restart every write acknowledged with a 2xx is
// there, exactly, and no row names a file that is not stored. A killed process does not lose what the kernel
// already holds, so this proves the order of the app's work (answer after commit, file before row), not the
// disks' flushes (synchronous=FULL and fsync'd files cover those).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { createStorage } from '../../src/platform/storage/create-storage.ts';
import { TEST_DATABASE_URL } from '../helper.ts';
import { endpoint, type Instance, killInstance, startInstance, stopInstance } from '../instance-process.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { until } from '../services.ts';
import { auditStorage } from './storage-audit.ts';
import { instanceEnv, newWriteLog, people, s3Env, startWriteLoad, verifyWrites } from './write-load.ts';

const ROUNDS = 3;
const WORKERS = 6;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Shape {
  env: Record<string, string>;
  db: Kysely<DB>;
  s3?: TestS3Server;
}

async function embedded(dir: string): Promise<Shape> {
  const db = (await openDatabase({ database: { kind: 'sqlite', file: path.join(dir, 'mixdesk.db') } })).db;
  cleanups.push(() => db.destroy());
  return { env: {}, db };
}

async function server(): Promise<Shape> {
  const schema = `reliability_${Date.now().toString(36)}`;
  const s3 = await startS3Server();
  cleanups.push(() => s3.close());
  const db = (await openDatabase({ database: { kind: 'postgres', url: TEST_DATABASE_URL, schema } })).db;
  cleanups.push(async () => {
    await db.destroy();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  return {
    db,
    s3,
    env: { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, ...s3Env(s3.config) },
  };
}

describe.each([
  ['SQLite and files on disk', 'sqlite'],
  ['PostgreSQL and an S3 bucket', 'postgres'],
] as const)('kill -9 under write load on %s', (_name, kind) => {
  it(`loses no acknowledged write and no stored file over ${ROUNDS} kills`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-kill-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const shape = kind === 'sqlite' ? await embedded(dir) : await server();
    const env = await instanceEnv(dir, { RATE_LIMIT_REGISTER: '1000', ...shape.env });
    let instance: Instance = await startInstance('crashy', env);
    cleanups.push(() => stopInstance(instance));
    const app = endpoint(instance.url, shape.db);
    const writers = await people(app, WORKERS, 'Writer');
    const log = newWriteLog();
    const figures: string[] = [];

    for (let round = 1; round <= ROUNDS; round++) {
      const load = startWriteLoad(app, writers, log);
      const target = log.acknowledged + 150 + round * 37;
      await until(async () => log.acknowledged >= target, 60_000, `${target} acknowledged writes`);
      await killInstance(instance);
      await load.stop();
      const killedAt = Date.now();
      instance = await startInstance('crashy', env);
      const recoveryMs = Date.now() - killedAt;
      const problems = await verifyWrites(app, log);
      expect(problems).toEqual([]);
      figures.push(`round ${round}: back in ${recoveryMs} ms, ${log.acknowledged} acknowledged so far`);
    }
    expect(log.errors).toEqual([]);

    const storage = await createStorage({
      dataDir: dir,
      ...(shape.s3 ? { s3: shape.s3.config } : {}),
    });
    cleanups.push(async () => storage.close?.());
    // The embedded shape's first sweep at start removes what a killed process left (its data is one
    // instance's); a server shape keeps unnamed objects for the sweep's grace hour, since another instance
    // may be writing: at most one per upload whose answer never came.
    let audit = await auditStorage(shape.db, storage);
    if (kind === 'sqlite') {
      await until(
        async () => {
          audit = await auditStorage(shape.db, storage);
          return audit.orphans.length === 0;
        },
        15_000,
        'the start-up sweep to remove what the kills left',
      );
    }
    expect(audit.missing).toEqual([]);
    expect(audit.orphans.length).toBeLessThanOrEqual(log.unansweredUploads);
    // Multipart uploads a kill cut off hold parts, not objects: the bucket's lifecycle rule aborts them.
    const pending = shape.s3 ? (await shape.s3.pendingUploads()).length : 0;
    console.log(
      `kill -9 on ${kind}: ${log.requests} requests, ${log.acknowledged} acknowledged ` +
        `(${log.clients.size} clients, ${log.projects.size} projects, ${log.files.size} files), ` +
        `0 lost, 0 different; ${audit.objects} stored objects, ${audit.missing.length} missing, ` +
        `${audit.orphans.length} unnamed (of ${log.unansweredUploads} uploads unanswered), ${pending} ` +
        `multipart uploads pending; ${figures.join('; ')}`,
    );
  });
});
