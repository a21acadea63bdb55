// A full disk, recognised in what the file system and the databases throw: the data directory's disk (an
// upload, an avatar, a PDF being written), SQLite's when its file or WAL cannot grow, PostgreSQL's own. Each
// is answered 507 with words a person can act on; whatever failed was not kept, and nothing saved before is
// touched, so the server goes on serving reads and takes writes again once space is freed.
import { AppError } from '../errors.ts';

/** errno of a write past the disk's free space, or past the user's quota on it. */
const FILE_SYSTEM_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** better-sqlite3's code for "database or disk is full"; PostgreSQL's SQLSTATE disk_full. */
const DATABASE_FULL = new Set(['SQLITE_FULL', '53100']);

const ASK = "Ask the server's administrator to free space.";
export const FILE_NOT_SAVED = `The server's storage is full; the file was not saved. ${ASK}`;
export const CHANGE_NOT_SAVED = `The server's storage is full; the change was not saved. ${ASK}`;
/** A background job's reason for failing (a waveform, an analysis, a master). */
export const RESULT_NOT_SAVED = `The server's storage is full; the result was not saved. ${ASK}`;

/** The log line of each refusal, for whoever watches the server: the disk needs space. */
export const DISK_FULL_LOG =
  'The disk is full: a change was refused; free space on the data directory or the database';

const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

/** Whether `err` (or the error it wraps) says the disk under a file or a database is full. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = codeOf(e);
    if (typeof code === 'string' && (FILE_SYSTEM_FULL.has(code) || DATABASE_FULL.has(code))) return true;
  }
  return false;
}

/** What a write of a stored file answers when the disk is full; `cause` (the errno) goes to the log. */
export const fileNotSaved = (cause: unknown) =>
  Object.assign(new AppError('INSUFFICIENT_STORAGE', FILE_NOT_SAVED), { cause });
