// `npm run restore -- <dir>`: puts a backup (backup.ts) back into an empty place, with the server's settings
// (decision 027). Nothing is written until everything is checked: the manifest, every file against its size
// and SHA-256, the kind of database and the migrations this version knows, an empty DATA_DIR (SQLite) or
// schema (PostgreSQL), and, for a backup that listed a bucket's objects, that the bucket holds each of them.
// Then the objects, the secrets, and the database last; a restore that fails removes what it wrote.

import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../../config.ts';
import { migrations as knownMigrations } from '../../db/migrations/index.ts';
import { createStorage } from '../../platform/storage/create-storage.ts';
import { formatBytes, type Storage } from '../../platform/storage/storage.ts';
import { placeFile } from './backup-files.ts';
import {
  BackupError,
  type BackupManifest,
  counted,
  entriesOf,
  OBJECTS_FOLDER,
  objectPath,
  POSTGRES_DUMP,
  readManifest,
  roleOf,
  SQLITE_SNAPSHOT,
  verifyFiles,
} from './backup-manifest.ts';
import { postgresSchemaState, restorePostgres } from './database-snapshot.ts';

export interface RestoreSummary {
  databaseBytes: number;
  secrets: number;
  /** Objects put into the storage (copied backups), or found there (listed ones). */
  objects: number;
  objectBytes: number;
  copied: boolean;
  ms: number;
}

/** What a mounted volume holds before anyone writes to it. */
const IGNORED_ENTRIES = new Set(['lost+found']);

const hint = (manifest: BackupManifest) =>
  manifest.dialect === 'sqlite'
    ? 'unset DATABASE_URL to restore it into DATA_DIR'
    : `set DATABASE_URL (and DATABASE_SCHEMA=${manifest.schema}) to an empty database`;

/** Refuses a backup this version cannot run, or one of the other kind of database. */
function checkCompatible(config: Config, manifest: BackupManifest): void {
  if (manifest.dialect !== config.database.kind)
    throw new BackupError(
      `the backup is of a ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database: ${hint(manifest)}`,
      2,
    );
  const unknown = manifest.migrations.find((name) => !(name in knownMigrations));
  if (unknown)
    throw new BackupError(
      `the backup was taken by a newer Mixdesk (${manifest.appVersion}; migration ${unknown} is unknown ` +
        'to this one): restore it with that version or a later one',
      2,
    );
}

/** Refuses a place that holds anything already; answers whether the PostgreSQL schema exists (empty). */
async function checkEmptyTarget(config: Config, manifest: BackupManifest): Promise<boolean> {
  const db = config.database;
  if (db.kind === 'sqlite') {
    const held = (await entriesOf(config.dataDir)).filter((e) => !IGNORED_ENTRIES.has(e)).sort();
    if (held.length > 0)
      throw new BackupError(
        `DATA_DIR ${config.dataDir} is not empty (it holds ${held.slice(0, 3).join(', ')}` +
          `${held.length > 3 ? ', …' : ''}): restore only into an empty data dir`,
        2,
      );
    return false;
  }
  const state = await postgresSchemaState(db);
  if (state.schema !== manifest.schema)
    throw new BackupError(
      `the backup holds PostgreSQL schema ${manifest.schema}, which is restored under its own name: ` +
        `set DATABASE_SCHEMA=${manifest.schema} (the target is schema ${state.schema})`,
      2,
    );
  if (state.tables > 0)
    throw new BackupError(
      `schema ${state.schema} of DATABASE_URL already holds ${state.tables} tables: restore only into an ` +
        'empty schema (or a new database)',
      2,
    );
  if (!config.s3 && manifest.storage.copied) {
    const held = await entriesOf(path.join(config.dataDir, OBJECTS_FOLDER));
    if (held.length > 0)
      throw new BackupError(
        `${path.join(config.dataDir, OBJECTS_FOLDER)} is not empty: restore stored files only into an empty one`,
        2,
      );
  }
  return state.exists;
}

/** For a backup that only listed its objects: each must be in the storage, with its size (and SHA-256). */
async function checkListedObjects(storage: Storage, manifest: BackupManifest): Promise<void> {
  const wrong: string[] = [];
  for (const object of manifest.objects) {
    const found = await storage.stat(object.key);
    const kept = found && object.sha256 ? await storage.storedSha256?.(object.key) : null;
    if (!found) wrong.push(`${object.key} is missing`);
    else if (found.size !== object.size)
      wrong.push(`${object.key} has ${found.size} bytes, not ${object.size}`);
    else if (kept && kept !== object.sha256) wrong.push(`${object.key} has other bytes (SHA-256)`);
  }
  if (wrong.length > 0) {
    const where = manifest.storage.bucket
      ? `bucket ${manifest.storage.bucket} (set the same S3_* settings, and recover them from its versions)`
      : 'the storage';
    throw new BackupError(
      `${counted(wrong.length, 'object')} of the ${manifest.objects.length} the backup lists ` +
        `${wrong.length === 1 ? 'is' : 'are'} not as listed in ` +
        `${where}; first: ${wrong[0]}`,
    );
  }
}

/** Restores the backup in `dir` with the settings of `config`. */
export async function restore(
  config: Config,
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const manifest = await readManifest(dir);
  checkCompatible(config, manifest);
  await verifyFiles(dir, manifest);
  const schemaExists = await checkEmptyTarget(config, manifest);
  const storage = await createStorage(config);
  const written: string[] = [];
  try {
    if (!manifest.storage.copied) await checkListedObjects(storage, manifest);
    else
      for (const object of manifest.objects)
        await storage.put(object.key, createReadStream(path.join(dir, objectPath(object.key))), {
          maxBytes: object.size,
          ...(object.sha256 ? { sha256: object.sha256 } : {}),
        });
    const secrets = manifest.files.filter((f) => roleOf(f.path) === 'secret');
    for (const secret of secrets) {
      const target = path.join(config.dataDir, secret.path);
      await placeFile(path.join(dir, secret.path), target);
      written.push(target);
    }
    const db = config.database;
    // Last: once the database is there, everything it names is too.
    if (db.kind === 'sqlite') await placeFile(path.join(dir, SQLITE_SNAPSHOT), db.file);
    else await restorePostgres(db, path.join(dir, POSTGRES_DUMP), manifest.schema!, schemaExists, env);
    const database = manifest.files.find((f) => roleOf(f.path) === 'database')!;
    return {
      databaseBytes: database.size,
      secrets: secrets.length,
      objects: manifest.objects.length,
      objectBytes: manifest.objects.reduce((sum, o) => sum + o.size, 0),
      copied: manifest.storage.copied,
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    // The place was empty: leave it so. (Objects put into a bucket stay: it may hold them for others.)
    for (const file of written) await rm(file, { force: true });
    if (manifest.storage.copied && !config.s3)
      await rm(path.join(config.dataDir, OBJECTS_FOLDER), { recursive: true, force: true });
    throw err;
  } finally {
    storage.close?.();
  }
}

const USAGE =
  "Usage: npm run restore -- <dir> (with the server's DATA_DIR, DATABASE_URL and S3_* settings; into an empty data dir or schema)";

export function describeRestore(summary: RestoreSummary, dir: string): string {
  const objects = summary.copied
    ? `${counted(summary.objects, 'file')} (${formatBytes(summary.objectBytes)}) copied back`
    : `${counted(summary.objects, 'object')} (${formatBytes(summary.objectBytes)}) found in the bucket`;
  return (
    `restore: every checksum verified; database (${formatBytes(summary.databaseBytes)}), ` +
    `${counted(summary.secrets, 'secret')}, ${objects}, from ${dir} in ${summary.ms} ms`
  );
}

/** The command: answers its exit code (0: restored; 1: failed, nothing kept; 2: bad usage or refused). */
export async function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    print(USAGE);
    return 2;
  }
  const dir = path.resolve(argv[0]!);
  try {
    const summary = await restore(loadConfig(env), dir, env);
    print(describeRestore(summary, dir));
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      print(`restore: ${err.message}`);
      return err instanceof BackupError ? err.exitCode : 2;
    }
    print(`restore failed: ${(err as Error).message}`);
    return 1;
  }
}
