// The files of a backup folder besides the database snapshot (backup.ts, restore.ts): stored objects copied in
// with their SHA-256 or listed, the secrets of DATA_DIR, and files put back in place; each written owner-only
// and flushed, so that a backup (or a restore) that says it finished survives a crash.
import { createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/ids.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { Hasher } from '../migrate-storage.ts';
import { type BackupObject, entriesOf, OBJECTS_FOLDER, SECRET_FILES } from './backup-manifest.ts';

/** Makes a written file (or a folder's entries) survive a crash. */
export async function sync(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A written file made owner-only and durable. */
export async function settle(file: string): Promise<void> {
  await chmod(file, 0o600);
  await sync(file);
}

/** Objects opened at once: enough that a snapshot's new names are all held open within moments. */
const OPEN_AT_ONCE = 64;

const isGone = (err: unknown) =>
  (err instanceof AppError && err.code === 'NOT_FOUND') || (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * An object opened for reading; null when the storage no longer has it. On disk the file itself is opened:
 * once open it can be read to its end even if it is deleted meanwhile.
 */
async function openObject(storage: Storage, key: string): Promise<Readable | null> {
  try {
    if (!storage.localPath) return await storage.get(key);
    const handle = await open(storage.localPath(key), 'r');
    return handle.createReadStream();
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
}

/** One object as the storage lists it: its size, and the SHA-256 the storage keeps with it if any. */
async function listObject(storage: Storage, key: string): Promise<BackupObject | null> {
  const found = await storage.stat(key);
  if (!found) return null;
  return { key, size: found.size, sha256: (await storage.storedSha256?.(key)) ?? null };
}

/**
 * The stored objects a backup holds so far, by key: copied under `files/` with their size and SHA-256 (disk, or
 * S3 with --with-files), or listed. A key's bytes never change, so what is held stays good for a later snapshot.
 */
export class HeldObjects extends Map<string, BackupObject> {
  constructor(
    private readonly storage: Storage,
    private readonly dir: string,
    readonly copy: boolean,
  ) {
    super();
  }

  /** Fetches the keys not held yet; answers those the storage no longer has. */
  async fetch(keys: Iterable<string>): Promise<string[]> {
    const wanted = [...keys].filter((key) => !this.has(key));
    const gone: string[] = [];
    for (let at = 0; at < wanted.length; at += OPEN_AT_ONCE) {
      const batch = wanted.slice(at, at + OPEN_AT_ONCE);
      if (!this.copy) {
        const listed = await Promise.all(batch.map((key) => listObject(this.storage, key)));
        for (const [i, object] of listed.entries()) {
          if (object) this.set(object.key, object);
          else gone.push(batch[i]!);
        }
        continue;
      }
      // All opened first, then copied one by one: the time a deletion can still win is the opening's.
      const opened = await Promise.all(batch.map((key) => openObject(this.storage, key)));
      for (const [i, source] of opened.entries()) {
        const key = batch[i]!;
        const copied = source && (await this.copyFrom(source, key));
        if (copied) this.set(key, copied);
        else gone.push(key);
      }
    }
    return gone;
  }

  /** Everything the storage holds now, so that a snapshot taken next names little that is not held. */
  async catchUp(): Promise<void> {
    const keys: string[] = [];
    for await (const { key } of this.storage.list()) keys.push(key);
    await this.fetch(keys);
  }

  /** Where a held object's copy is. */
  pathOf(key: string): string {
    return path.join(this.dir, OBJECTS_FOLDER, ...key.split('/'));
  }

  /** Copies an opened object, hashing it on the way (flushed to disk later, with the rest). */
  private async copyFrom(source: Readable, key: string): Promise<BackupObject | null> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const hasher = new Hasher();
    try {
      await pipeline(source, hasher, createWriteStream(file, { mode: 0o600 }));
    } catch (err) {
      await rm(file, { force: true });
      if (isGone(err)) return null;
      throw err;
    }
    return { key, ...hasher.digest() };
  }
}

/** Copies the secrets SQLite keeps in DATA_DIR (on PostgreSQL they are rows of the dump); their names. */
export async function copySecrets(config: Config, dir: string): Promise<string[]> {
  if (config.database.kind !== 'sqlite') return [];
  const copied: string[] = [];
  for (const name of SECRET_FILES) {
    try {
      await copyFile(path.join(config.dataDir, name), path.join(dir, name));
      copied.push(name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return copied;
}

/** Removes a copied object that the final snapshot does not name, and the folders it leaves empty. */
export async function dropCopy(dir: string, key: string): Promise<void> {
  const root = path.join(dir, OBJECTS_FOLDER);
  const file = path.join(root, ...key.split('/'));
  await rm(file, { force: true });
  for (let folder = path.dirname(file); folder !== root; folder = path.dirname(folder)) {
    if ((await entriesOf(folder)).length > 0) break;
    await rm(folder, { recursive: true });
  }
}

/** Copies a file of the backup to `target` through a temporary name: it appears whole, owner-only, durable. */
export async function placeFile(from: string, target: string): Promise<void> {
  const temporary = `${target}.${randomToken(6)}.restoring`;
  try {
    await copyFile(from, temporary);
    const handle = await open(temporary, 'r');
    try {
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    await sync(path.dirname(target));
  } finally {
    await rm(temporary, { force: true });
  }
}
