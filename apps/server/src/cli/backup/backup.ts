// `npm run backup -- <dir> [--with-files]`: a consistent backup of a running (or stopped) Mixdesk into an
// empty folder (decision 027). The stored objects are copied (disk) or listed with their sizes (S3, whose
// versioning keeps the bytes; `--with-files` copies them too); then the database snapshot (SQLite's online
// backup, or pg_dump on an exported snapshot) is taken, and the objects it names that arrived meanwhile are
// fetched at once; only the objects it names are kept. Then the secrets SQLite keeps in DATA_DIR, and last
// `manifest.json`, every file with its size and SHA-256. An object the snapshot names that went before it was
// fetched (its row deleted after the snapshot) means a fresh snapshot, which no longer names it. A restored
// database never names an object its backup lacks.
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { createStorage } from '../../platform/storage/create-storage.ts';
import { formatBytes, type Storage } from '../../platform/storage/storage.ts';
import type { StoredKeyColumns } from '../../platform/storage/stored-keys.ts';
import { copySecrets, dropCopy, HeldObjects, settle, sync } from './backup-files.ts';
import {
  BackupError,
  type BackupFile,
  type BackupManifest,
  checksumOfFile,
  counted,
  entriesOf,
  MANIFEST,
  OBJECTS_FOLDER,
  objectPath,
  POSTGRES_DUMP,
  SQLITE_SNAPSHOT,
} from './backup-manifest.ts';
import { type Snapshot, snapshotPostgres, snapshotSqlite } from './database-snapshot.ts';

export interface BackupOptions {
  /** The columns that name stored objects (every area's: modules/stored-keys.ts). */
  storedKeys: StoredKeyColumns;
  /** S3: copy the objects into the backup too, not only list them. */
  withFiles?: boolean;
  /** The server's environment (PostgreSQL's client programs get it, and a password through it). */
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
}

export interface BackupSummary {
  manifest: BackupManifest;
  databaseBytes: number;
  secrets: number;
  objects: number;
  objectBytes: number;
  ms: number;
}

/** Snapshots taken at most: each after objects the one before named went meanwhile. */
const ATTEMPTS = 5;

const { version: APP_VERSION } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const storageNote = (config: Config, copied: boolean) =>
  !config.s3
    ? `Every stored file the database names is copied under ${OBJECTS_FOLDER}/.`
    : copied
      ? `Every object the database names is copied from bucket ${config.s3.bucket} under ${OBJECTS_FOLDER}/.`
      : `The objects stay in bucket ${config.s3.bucket}, whose versioning backs them up: they are listed ` +
        '(key, size, and SHA-256 where the bucket keeps one), not copied. Restore checks they are there.';

/**
 * The database snapshot and every object it names. Before each snapshot every stored object is fetched; as
 * soon as the snapshot is taken, those it names that were stored meanwhile. One of those gone already (its row
 * deleted after the snapshot) means another snapshot, which no longer names it.
 */
async function takeBackup(config: Config, dir: string, storage: Storage, opts: BackupOptions) {
  const print = opts.print ?? console.log;
  const db = config.database;
  const dumpName = db.kind === 'sqlite' ? SQLITE_SNAPSHOT : POSTGRES_DUMP;
  const dump = path.join(dir, dumpName);
  const objects = new HeldObjects(storage, dir, !config.s3 || Boolean(opts.withFiles));
  let snapshot: Snapshot;
  let takenAt = new Date();
  for (let attempt = 1; ; attempt += 1) {
    let vanished: string[] = [];
    const hooks = {
      // A second pass takes what arrived during the first, so the snapshot follows a short one.
      before: async () => {
        await objects.catchUp();
        await objects.catchUp();
        takenAt = new Date();
      },
      storedKeys: opts.storedKeys,
      onKeys: async (keys: Set<string>) => {
        vanished = (await objects.fetch(keys)).sort();
      },
    };
    // Made owner-only before the database writes into it.
    await rm(dump, { force: true });
    await writeFile(dump, '', { mode: 0o600 });
    snapshot =
      db.kind === 'sqlite'
        ? await snapshotSqlite(db.file, dump, hooks)
        : await snapshotPostgres(db, dump, opts.env ?? {}, hooks);
    if (vanished.length === 0) break;
    const missing = `${counted(vanished.length, 'stored file')} the database names (first: ${vanished[0]})`;
    if (attempt === ATTEMPTS)
      throw new BackupError(
        `${missing} missing in ${ATTEMPTS} snapshots in a row: the storage lacks files the database names ` +
          "(the server's diagnostics may tell why), so no backup was written",
      );
    print(`backup: ${missing} went after the snapshot: taking a new one`);
  }
  // What the storage held that the snapshot does not name (uploads in flight, files deleted since) goes.
  for (const key of objects.keys())
    if (!snapshot.keys.has(key)) {
      objects.delete(key);
      if (objects.copy) await dropCopy(dir, key);
    }

  // Each written once (a hard link into place) and never changed: copied after the snapshot, they are the
  // ones it was made with.
  const secrets = await copySecrets(config, dir);
  const files: BackupFile[] = [];
  for (const relative of [dumpName, ...secrets]) {
    await settle(path.join(dir, relative));
    files.push({ path: relative, ...(await checksumOfFile(path.join(dir, relative))) });
  }
  const listed = [...objects.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  if (objects.copy)
    for (const o of listed) {
      await settle(objects.pathOf(o.key));
      files.push({ path: objectPath(o.key), size: o.size, sha256: o.sha256! });
    }

  const manifest: BackupManifest = {
    format: 'mixdesk-backup',
    version: 1,
    takenAt: takenAt.toISOString(),
    appVersion: APP_VERSION,
    migrations: snapshot.migrations,
    dialect: db.kind,
    ...(snapshot.schema ? { schema: snapshot.schema } : {}),
    storage: {
      kind: config.s3 ? 's3' : 'disk',
      ...(config.s3 ? { bucket: config.s3.bucket } : {}),
      copied: objects.copy,
      note: storageNote(config, objects.copy),
    },
    files,
    objects: listed,
  };
  // Last, and whole or not at all: a folder without a manifest is a backup that did not finish.
  const temporary = path.join(dir, `${MANIFEST}.partial`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await settle(temporary);
  await rename(temporary, path.join(dir, MANIFEST));
  await sync(dir);
  return { manifest, secrets: secrets.length, databaseBytes: files[0]!.size };
}

/** Removes what a backup wrote into `dir` (which was empty before). */
async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await entriesOf(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
}

/** Backs the app of `config` up into `dir`, which must be empty or absent. */
export async function backup(config: Config, dir: string, opts: BackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  if ((await entriesOf(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: back up into a new or empty folder`, 2);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storage = await createStorage(config);
  try {
    const taken = await takeBackup(config, dir, storage, opts);
    const { objects } = taken.manifest;
    return {
      ...taken,
      objects: objects.length,
      objectBytes: objects.reduce((sum, o) => sum + o.size, 0),
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    await emptyFolder(dir);
    throw err;
  } finally {
    storage.close?.();
  }
}

export const BACKUP_USAGE =
  "Usage: npm run backup -- <dir> [--with-files] (with the server's DATA_DIR, DATABASE_URL and S3_* settings; <dir> new or empty)";

/** One line on what a backup did. */
export function describeBackup(summary: BackupSummary, dir: string): string {
  const { manifest } = summary;
  const objects = manifest.storage.copied
    ? `${counted(summary.objects, 'file')} (${formatBytes(summary.objectBytes)}) copied`
    : `${counted(summary.objects, 'object')} (${formatBytes(summary.objectBytes)}) listed in bucket ` +
      `${manifest.storage.bucket}, not copied`;
  const database = `${manifest.dialect}${manifest.schema ? ` schema ${manifest.schema}` : ''}`;
  return (
    `backup: ${database} database (${formatBytes(summary.databaseBytes)}), ${counted(summary.secrets, 'secret')}, ` +
    `${objects}, to ${dir} in ${summary.ms} ms`
  );
}
