// Queries of the profile area: the profile row (or its defaults), the counted stats and the shared-project test.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { type DB, fromJson } from '../../db/schema.ts';
import { fromTracks } from '../media/public.ts';
import { collaborationsOf, joinProject, projectIdsOfMember, projectsOwnedBy } from '../projects/public.ts';
import type { UserProfilesTable } from './tables.ts';

export type ProfileRow = Selectable<UserProfilesTable>;

/** What a user who never saved a profile has: notifications on (marketing off), seen by collaborators only. */
export function defaultProfileRow(userId: string, now: string): ProfileRow {
  return {
    user_id: userId,
    phone: '',
    location: '',
    bio: '',
    profession: '',
    experience: '',
    genres: '[]',
    avatar_key: null,
    avatar_mime: null,
    avatar_updated_at: null,
    email_notifications: true,
    project_notifications: true,
    collaboration_notifications: true,
    marketing_emails: false,
    profile_visibility: 'collaborators',
    show_email: false,
    show_phone: false,
    show_location: true,
    updated_at: now,
  };
}

export function findProfileRow(db: Kysely<DB>, userId: string) {
  return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export const genresOf = (row: ProfileRow) => fromJson<string[]>(row.genres, []);

/** Profile columns as written: booleans as booleans, genres as JSON text. */
export type ProfileChanges = Partial<Omit<Insertable<UserProfilesTable>, 'user_id'>>;

function insertable(row: ProfileRow): Insertable<UserProfilesTable> {
  return {
    ...row,
    genres: JSON.stringify(genresOf(row)),
    email_notifications: Boolean(row.email_notifications),
    project_notifications: Boolean(row.project_notifications),
    collaboration_notifications: Boolean(row.collaboration_notifications),
    marketing_emails: Boolean(row.marketing_emails),
    show_email: Boolean(row.show_email),
    show_phone: Boolean(row.show_phone),
    show_location: Boolean(row.show_location),
  };
}

/**
 * Writes only the given columns: a first save creates the row from the defaults, later ones touch nothing else,
 * so two screens saving different settings at once cannot undo each other.
 */
export async function upsertProfileFields(
  db: Kysely<DB>,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  const now = new Date().toISOString();
  const update = { ...changes, updated_at: changes.updated_at ?? now };
  await db
    .insertInto('user_profiles')
    .values({ ...insertable(defaultProfileRow(userId, now)), ...update })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(update))
    .execute();
}

/** Inserts or replaces a whole profile row (the demo seed). */
export async function saveProfileRow(db: Kysely<DB>, row: ProfileRow): Promise<void> {
  const { user_id: userId, ...fields } = insertable(row);
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...fields })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute();
}

/**
 * Clears a user's avatar columns and answers the key they named (null: none). Its file goes after this
 * commits, so a row never names a removed file.
 */
export function takeAvatarKey(db: Kysely<DB>, dialect: Dialect, userId: string, now: string) {
  return db.transaction().execute(async (trx) => {
    const old = await lockedAvatarKey(trx, dialect, userId);
    if (old)
      await trx
        .updateTable('user_profiles')
        .set({ avatar_key: null, avatar_mime: null, avatar_updated_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    return old;
  });
}

/** The current avatar key, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
export async function lockedAvatarKey(db: Kysely<DB>, dialect: Dialect, userId: string) {
  const query = db.selectFrom('user_profiles').select('avatar_key').where('user_id', '=', userId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row?.avatar_key ?? null;
}

const count = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

/** Projects they own, tracks in those projects, and projects they were added to as a collaborator. */
export async function profileStats(db: Kysely<DB>, userId: string) {
  const [projects, tracks, collaborations] = await Promise.all([
    projectsOwnedBy(db, userId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    fromTracks(db)
      .$call((q) => joinProject(q, 'p', 't.project_id'))
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.owner_id', '=', userId)
      .executeTakeFirst(),
    collaborationsOf(db, userId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    totalProjects: count(projects),
    totalTracks: count(tracks),
    totalCollaborations: count(collaborations),
  };
}

/** True when both users are on at least one project, each as its owner or a collaborator. */
export async function shareAProject(db: Kysely<DB>, a: string, b: string): Promise<boolean> {
  const member = (userId: string) => projectIdsOfMember(db, userId);
  const row = await db
    .selectFrom(member(a).as('pa'))
    .innerJoin(member(b).as('pb'), 'pb.id', 'pa.id')
    .select('pa.id')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
