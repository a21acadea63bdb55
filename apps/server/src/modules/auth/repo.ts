// Queries of the auth area.
import type { User } from '@mixdesk/contract/auth';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { LiveSession, SessionLookup } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import {
  cachedSession,
  forgetSession,
  forgetUserSessions,
  rememberSession,
} from '../../platform/security/session-cache.ts';
import type { AuthSessionsTable, UsersTable } from './tables.ts';

export type UserRow = Selectable<UsersTable>;

export function presentUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'verified'>): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as User['role'],
    verified: Boolean(row.verified),
  };
}

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's account as their data export shows it (no password hash); throws when there is no such user. */
export function accountOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'verified', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Adds a user row as given (the demo account: made verified). */
export async function insertUser(db: Kysely<DB>, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** A new password hash for a user. */
export async function setUserPassword(db: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** A new name for a user, changed at `now`: on the caller's transaction when it has one. */
export async function renameUser(db: Kysely<DB>, userId: string, name: string, now: string): Promise<void> {
  await db.updateTable('users').set({ name, updated_at: now }).where('id', '=', userId).execute();
}

/** Deletes a user row (the database cascades what hangs on it), on the caller's transaction. */
export async function deleteUserRow(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/**
 * Locks a user's row until the caller's transaction ends (PostgreSQL only: SQLite has no `FOR UPDATE`, and
 * its writers go one at a time anyway), so what one user does is recorded one at a time.
 */
export async function lockUserRow(db: Kysely<DB>, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

function liveSessionsQuery(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso());
}

/** A user's signed-in sessions (not revoked, not expired), the most recently used first. */
export function liveSessionsOf(db: Kysely<DB>, userId: string): Promise<Selectable<AuthSessionsTable>[]> {
  return liveSessionsQuery(db, userId).orderBy('last_used_at', 'desc').orderBy('id', 'desc').execute();
}

/** One of a user's signed-in sessions, or undefined (not theirs, revoked, expired or unknown). */
export function findLiveSession(db: Kysely<DB>, userId: string, sessionId: string) {
  return liveSessionsQuery(db, userId).where('id', '=', sessionId).executeTakeFirst();
}

/** How many signed-in sessions a user has besides `except`. */
export async function countOtherLiveSessions(
  db: Kysely<DB>,
  userId: string,
  except: string,
): Promise<number> {
  const rows = await liveSessionsQuery(db, userId).where('id', '!=', except).execute();
  return rows.length;
}

function sessionUserQuery(db: Kysely<DB>, sessionId: string) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.verified',
      's.id as session_id',
      's.revoked_at',
      's.expires_at',
      's.last_used_at',
    ])
    .where('s.id', '=', sessionId);
}

type SessionUserRow = Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['executeTakeFirstOrThrow']>>;

/** Runs on every authenticated request, so it is compiled once per database (db/prepared.ts). */
const sessionUser = prepared<SessionUserRow>((db, [sessionId]) => sessionUserQuery(db, sessionId!));

/** The user behind an access token's session (remembered for a moment: see session-cache.ts). */
export async function findSessionUser(
  db: Kysely<DB>,
  sessionId: string,
): Promise<SessionUserRow | undefined> {
  const known = cachedSession<SessionUserRow>(sessionId);
  if (known) return known;
  const row = (await sessionUser(db, [sessionId]))[0];
  if (row) rememberSession(sessionId, row.id, row);
  return row;
}

/** A session row's figures as numbers, worked out once per row (rows are remembered for a moment). */
const liveSessions = new WeakMap<SessionUserRow, LiveSession>();

function liveSession(row: SessionUserRow): LiveSession {
  let live = liveSessions.get(row);
  if (!live) {
    live = {
      user: Object.freeze(presentUser(row)),
      userId: row.id,
      sessionId: row.session_id,
      revoked: Boolean(row.revoked_at),
      expiresMs: Date.parse(row.expires_at),
      lastUsedMs: Date.parse(row.last_used_at),
    };
    liveSessions.set(row, live);
  }
  return live;
}

/** Sessions as request authentication (platform/security/auth.ts) finds them, handed to it at start. */
export function sessionLookup(db: Kysely<DB>): SessionLookup {
  return {
    find: async (sessionId) => {
      const row = await findSessionUser(db, sessionId);
      return row && liveSession(row);
    },
    touch: (sessionId) => touchSession(db, sessionId),
  };
}

export async function touchSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.updateTable('auth_sessions').set({ last_used_at: nowIso() }).where('id', '=', sessionId).execute();
  forgetSession(sessionId);
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSession(sessionId);
}

/** Revokes every live session of a user, except `keep` if given. */
export async function revokeUserSessions(db: Kysely<DB>, userId: string, keep?: string): Promise<void> {
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
  forgetUserSessions(userId);
}
