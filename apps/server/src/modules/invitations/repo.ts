// The invitations area's queries. "Live" means pending and not yet expired: an expired invitation stays a row
// (pending, past expires_at) until the same email is invited again, and is treated everywhere as gone.
import type { MyInvitation, ProjectInvitation } from '@mixdesk/contract/invitations';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { joinUser } from '../auth/public.ts';
import { collaboratorCount, joinProject } from '../projects/public.ts';
import type { ProjectInvitationsTable } from './tables.ts';
import './tables.ts';

export type InvitationRow = Selectable<ProjectInvitationsTable>;

export function presentProjectInvitation(row: InvitationRow): ProjectInvitation {
  return {
    _id: row.id,
    email: row.email,
    permission: row.permission,
    role: row.role,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Pending, unexpired invitations of a project, oldest first. */
export function liveInvitationsOfProject(db: Kysely<DB>, projectId: string, now: string) {
  return db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}

/** Collaborators plus live invitations: what the per-project limit counts. */
export async function seatsTaken(db: Kysely<DB>, projectId: string, now: string): Promise<number> {
  const [members, invited] = await Promise.all([
    collaboratorCount(db, projectId),
    db
      .selectFrom('project_invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return members + Number(invited.n);
}

const myInvitationQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('project_invitations as i')
    .$call((q) => joinProject(q, 'p', 'i.project_id'))
    .$call((q) => joinUser(q, 'o', 'p.owner_id'))
    .select([
      'i.id',
      'i.project_id',
      'p.title as project_title',
      'p.owner_id',
      'o.name as owner_name',
      'i.permission',
      'i.role',
      'i.email',
      'i.status',
      'i.created_at',
      'i.expires_at',
    ]);

export type MyInvitationRow = Awaited<
  ReturnType<ReturnType<typeof myInvitationQuery>['executeTakeFirstOrThrow']>
>;

/** The live invitations addressed to an email, newest first. */
export function liveInvitationsFor(db: Kysely<DB>, email: string, now: string) {
  return myInvitationQuery(db)
    .where('i.email', '=', email)
    .where('i.status', '=', 'pending')
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .execute();
}

export function liveInvitationFor(db: Kysely<DB>, id: string, email: string, now: string) {
  return myInvitationQuery(db)
    .where('i.id', '=', id)
    .where('i.email', '=', email)
    .where('i.status', '=', 'pending')
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

export function presentMyInvitation(row: MyInvitationRow): MyInvitation {
  // Only the owner invites: the inviter shown is the project's owner (who may have sent it under another name).
  return {
    _id: row.id,
    project: { _id: row.project_id, title: row.project_title },
    inviter: { _id: row.owner_id, name: row.owner_name },
    permission: row.permission,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Moves a live invitation to `status`; false when it was not live (answered, revoked, expired, raced). */
export async function closeInvitation(
  db: Kysely<DB>,
  where: { id: string; projectId?: string; email?: string },
  status: 'accepted' | 'declined' | 'revoked',
  now: string,
): Promise<boolean> {
  let query = db
    .updateTable('project_invitations')
    .set({ status, responded_at: now })
    .where('id', '=', where.id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now);
  if (where.projectId !== undefined) query = query.where('project_id', '=', where.projectId);
  if (where.email !== undefined) query = query.where('email', '=', where.email);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
