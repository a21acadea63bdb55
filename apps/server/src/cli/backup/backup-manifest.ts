// What a backup folder holds and how it is checked (decision 027): `manifest.json` lists every file of the
// backup with its size and SHA-256, the objects the database snapshot names, and what took the backup. The
// folder is laid out as a data dir is (`mixdesk.db`, the generated secrets, `files/<key>`), with
// `database.dump` in place of `mixdesk.db` for PostgreSQL.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SECRET_NAMES } from '../../platform/security/secret-store.ts';
import { assertValidKey } from '../../platform/storage/storage.ts';
import { checksumOfStream } from '../migrate-storage.ts';

export const MANIFEST = 'manifest.json';
export const SQLITE_SNAPSHOT = 'mixdesk.db';
export const POSTGRES_DUMP = 'database.dump';
/** Where stored objects are copied, under their keys. */
export const OBJECTS_FOLDER = 'files';
/** The secrets an instance on SQLite generates into its DATA_DIR (on PostgreSQL they are rows of the dump). */
export const SECRET_FILES = SECRET_NAMES;

/** A refusal or a failure of `npm run backup` / `npm run restore`: one line for the operator. */
export class BackupError extends Error {
  constructor(
    message: string,
    /** 2: bad usage or a refusal that changed nothing; 1: the work failed. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a hex SHA-256');
const Size = z.number().int().min(0);

export const BackupFileSchema = z.object({ path: z.string(), size: Size, sha256: Sha256 });
export type BackupFile = z.infer<typeof BackupFileSchema>;

export const BackupObjectSchema = z.object({
  key: z.string(),
  size: Size,
  /** Known when the object was copied, or when the bucket keeps it (x-amz-meta-sha256); else null. */
  sha256: Sha256.nullable(),
});
export type BackupObject = z.infer<typeof BackupObjectSchema>;

export const BackupManifestSchema = z.object({
  format: z.literal('mixdesk-backup'),
  version: z.literal(1),
  takenAt: z.iso.datetime(),
  appVersion: z.string(),
  /** The migrations applied to the snapshot, in name order (the last one is its schema version). */
  migrations: z.array(z.string()),
  dialect: z.enum(['sqlite', 'postgres']),
  /** PostgreSQL: the schema the dump holds (it is restored under the same name). */
  schema: z.string().optional(),
  storage: z.object({
    kind: z.enum(['disk', 's3']),
    bucket: z.string().optional(),
    /** Whether the objects are in the backup (`files/<key>`), or only listed (a bucket with versioning). */
    copied: z.boolean(),
    note: z.string(),
  }),
  /** Every file of the backup but this manifest. */
  files: z.array(BackupFileSchema),
  /** Every object the database snapshot names. */
  objects: z.array(BackupObjectSchema),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export const objectPath = (key: string) => `${OBJECTS_FOLDER}/${key}`;

/** "1 file", "2 files". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What a file of the backup is, from its path; throws for a path no backup writes (e.g. '../x'). */
export function roleOf(file: string): 'database' | 'secret' | 'object' {
  if (file === SQLITE_SNAPSHOT || file === POSTGRES_DUMP) return 'database';
  if (SECRET_FILES.includes(file)) return 'secret';
  if (file.startsWith(`${OBJECTS_FOLDER}/`)) {
    assertValidKey(file.slice(OBJECTS_FOLDER.length + 1));
    return 'object';
  }
  throw new Error(`${JSON.stringify(file).slice(0, 120)} is no file a backup holds`);
}

/** A file's size and SHA-256. */
export const checksumOfFile = (file: string): Promise<{ size: number; sha256: string }> =>
  checksumOfStream(createReadStream(file));

/** The entries of a folder, none when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The manifest of the backup in `dir`, read and checked for shape (not yet against the files). */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    const why = (await stat(dir).catch(() => null))
      ? `it holds no ${MANIFEST} (a backup that did not finish has none)`
      : 'it does not exist';
    throw new BackupError(`${dir} is not a Mixdesk backup: ${why}`, 2);
  }
  let parsed: BackupManifest;
  try {
    parsed = BackupManifestSchema.parse(JSON.parse(text));
    for (const file of parsed.files) roleOf(file.path);
    for (const object of parsed.objects) assertValidKey(object.key);
  } catch (err) {
    const issue = err instanceof z.ZodError ? err.issues[0] : undefined;
    const why = issue ? `${issue.path.join('.')} ${issue.message}` : (err as Error).message;
    throw new BackupError(`${path.join(dir, MANIFEST)} is not a Mixdesk backup manifest: ${why}`);
  }
  return parsed;
}

/** Checks every file the manifest lists against its size and SHA-256; throws naming the first that differs. */
export async function verifyFiles(dir: string, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    const found = await checksumOfFile(path.join(dir, file.path)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    const why = !found
      ? 'it is missing'
      : found.size !== file.size
        ? `it has ${found.size} bytes, the manifest says ${file.size}`
        : found.sha256 !== file.sha256
          ? 'its SHA-256 differs from the manifest'
          : null;
    if (why) throw new BackupError(`${file.path} of the backup does not match ${MANIFEST}: ${why}`);
  }
  if (manifest.storage.copied) {
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    for (const object of manifest.objects) {
      const file = listed.get(objectPath(object.key));
      if (!file || file.size !== object.size || (object.sha256 && file.sha256 !== object.sha256))
        throw new BackupError(
          `${MANIFEST} names object ${object.key} without its copy ${objectPath(object.key)}`,
        );
    }
  }
}
