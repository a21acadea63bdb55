// Where the secrets Mixdesk generates for itself are kept (the JWT secret when JWT_SECRET is unset, the
// document-signing key when SIGNING_P12 is unset): files in DATA_DIR for one instance on SQLite, rows of
// the database when instances share PostgreSQL, so that every instance signs and checks with the same ones
// without an operator copying files between machines (decision 024).
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DB, Timestamp } from '../../db/schema.ts';

/** The document-signing key the documents area generates when SIGNING_P12 is unset, and its password. */
export const GENERATED_P12 = 'document-signing.p12';
export const GENERATED_PASSWORD = 'document-signing.key';
/** Every secret an instance may keep (what a backup copies and a restore puts back). */
export const SECRET_NAMES = ['jwt-secret', GENERATED_P12, GENERATED_PASSWORD, 'demo-password'];

interface InstanceSecretsTable {
  name: string;
  /** The secret's bytes, base64. */
  value: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    instance_secrets: InstanceSecretsTable;
  }
}

export interface SecretStore {
  /**
   * The named secret; when none is kept, `make()`'s bytes are kept and returned. Of instances asking at
   * the same moment, one makes it and every one gets the same bytes.
   */
  readOrCreate(name: string, make: () => Promise<Buffer>): Promise<Buffer>;
  /** Where the secrets are kept, for messages and for caches keyed by place ("DATA_DIR/…", "the database"). */
  readonly place: string;
}

const isCode = (error: unknown, ...codes: string[]) =>
  codes.includes((error as NodeJS.ErrnoException | null)?.code ?? '');

/** A file's bytes, or undefined when it does not exist. */
async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * Secrets as files (mode 600) in `dir`. A new one goes to a temporary file first and is then linked in
 * place, which fails if the name exists: of two processes starting at once the first one's file wins, the
 * other reads it, and neither can see a half-written file.
 */
export function fileSecretStore(dir: string): SecretStore {
  return {
    place: path.resolve(dir),
    async readOrCreate(name, make) {
      const file = path.join(dir, name);
      const existing = await readIfExists(file);
      if (existing) return existing;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const bytes = await make();
      const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      try {
        await link(temp, file);
        return bytes;
      } catch (error) {
        if (isCode(error, 'EEXIST')) return readFile(file);
        // A file system without hard links: an atomic rename, where the last of two racing writers wins.
        if (!isCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
        await rename(temp, file);
        return bytes;
      } finally {
        await unlink(temp).catch(() => {});
      }
    },
  };
}

/** The advisory lock under which a missing secret is made: one maker across every instance. */
const SECRETS_LOCK = 0x6d697864; // "mixd"

/**
 * Secrets as rows of `instance_secrets` in a shared PostgreSQL database. A missing one is made under a
 * transaction-scoped advisory lock, so instances starting together agree. An instance that kept the secret
 * in its data dir before (an upgrade from one instance) offers that file's bytes first: sessions, sealed
 * two-factor seeds and the signing certificate stay valid across the move.
 */
export function databaseSecretStore(db: Kysely<DB>, adoptFrom?: string): SecretStore {
  const read = async (executor: Kysely<DB>, name: string) => {
    const row = await executor
      .selectFrom('instance_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Buffer.from(row.value, 'base64') : undefined;
  };
  return {
    place: 'the database',
    async readOrCreate(name, make) {
      const kept = await read(db, name);
      if (kept) return kept;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${SECRETS_LOCK})`.execute(trx);
        const madeMeanwhile = await read(trx, name);
        if (madeMeanwhile) return madeMeanwhile;
        const bytes = (adoptFrom && (await readIfExists(path.join(adoptFrom, name)))) || (await make());
        await trx
          .insertInto('instance_secrets')
          .values({ name, value: bytes.toString('base64'), created_at: new Date().toISOString() })
          .execute();
        return bytes;
      });
    },
  };
}

/** A new random secret as text (48 random bytes, base64url). */
export const randomSecret = async () => Buffer.from(randomBytes(48).toString('base64url'));
