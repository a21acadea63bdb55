// Queries of the reviews area: each person's latest decision on a version, who was asked, the people of a
// project, and the changes.
import type { ReviewDecisionKind } from '@mixdesk/contract/reviews';
import { type ExpressionBuilder, type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { joinUser, leftJoinUser, userNameOf, usersWithIds } from '../auth/public.ts';
import { isProjectMember } from '../projects/public.ts';
import type { ReviewRequestsTable, VersionReviewsTable } from './tables.ts';

/** A person's latest decision on a version, with their name as it is now. */
export interface ReviewRow {
  id: string;
  reviewer_id: string;
  reviewer_name: string;
  decision: ReviewDecisionKind;
  note: string | null;
  created_at: string;
}

/** A person asked to review a version, with who asked and the asked person's latest decision on it. */
export interface RequestRow {
  reviewer_id: string;
  reviewer_name: string;
  requested_by: string | null;
  requester_name: string | null;
  created_at: string;
  decision: ReviewDecisionKind | null;
}

/** The latest decision of the request `rq`'s reviewer on its version (null when they have not decided). */
const latestDecisionOfRequest = (eb: ExpressionBuilder<DB & { rq: ReviewRequestsTable }, 'rq'>) =>
  eb
    .selectFrom('version_reviews as r')
    .select('r.decision')
    .whereRef('r.version_id', '=', 'rq.version_id')
    .whereRef('r.reviewer_id', '=', 'rq.reviewer_id')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1)
    .$castTo<ReviewDecisionKind | null>()
    .as('decision');

/** Each person's latest decision on a version, in the order they were made. */
export function latestReviewRows(db: Kysely<DB>, versionId: string): Promise<ReviewRow[]> {
  const latest = db.selectFrom((eb) =>
    eb
      .selectFrom('version_reviews as r')
      .select([
        'r.id',
        'r.reviewer_id',
        'r.decision',
        'r.note',
        'r.created_at',
        sql<number>`row_number() over (partition by r.reviewer_id order by r.created_at desc, r.id desc)`.as(
          'rank',
        ),
      ])
      .where('r.version_id', '=', versionId)
      .as('x'),
  );
  return joinUser(latest, 'u', 'x.reviewer_id')
    .select([
      'x.id',
      'x.reviewer_id',
      'u.name as reviewer_name',
      (eb) => eb.ref('x.decision').$castTo<ReviewDecisionKind>().as('decision'),
      'x.note',
      'x.created_at',
    ])
    .where('x.rank', '=', 1)
    .orderBy('x.created_at')
    .orderBy('x.id')
    .execute();
}

/** The people asked to review a version, in the order they were asked. */
export function requestRows(db: Kysely<DB>, versionId: string): Promise<RequestRow[]> {
  const requests = joinUser(db.selectFrom('review_requests as rq'), 'u', 'rq.reviewer_id');
  return leftJoinUser(requests, 'by', 'rq.requested_by')
    .select((eb) => [
      'rq.reviewer_id',
      'u.name as reviewer_name',
      'rq.requested_by',
      'by.name as requester_name',
      'rq.created_at',
      latestDecisionOfRequest(eb),
    ])
    .where('rq.version_id', '=', versionId)
    .orderBy('rq.created_at')
    .orderBy('u.name')
    .orderBy('rq.reviewer_id')
    .execute();
}

/** For each of the versions, the latest decision of every person asked to review it (null: none yet). */
export async function decisionsOfAsked(
  db: Kysely<DB>,
  versionIds: string[],
): Promise<Map<string, (ReviewDecisionKind | null)[]>> {
  const out = new Map<string, (ReviewDecisionKind | null)[]>();
  if (versionIds.length === 0) return out;
  const rows = await db
    .selectFrom('review_requests as rq')
    .select((eb) => ['rq.version_id', latestDecisionOfRequest(eb)])
    .where('rq.version_id', 'in', versionIds)
    .execute();
  for (const row of rows) {
    const list = out.get(row.version_id) ?? [];
    list.push(row.decision);
    out.set(row.version_id, list);
  }
  return out;
}

/** A person's latest decision on a version, as stored. */
export function latestOf(db: Kysely<DB>, versionId: string, reviewerId: string) {
  return db
    .selectFrom('version_reviews')
    .select(['decision', 'note', 'created_at'])
    .where('version_id', '=', versionId)
    .where('reviewer_id', '=', reviewerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertReview(db: Kysely<DB>, row: Insertable<VersionReviewsTable>): Promise<void> {
  await db.insertInto('version_reviews').values(row).execute();
}

/** The ids of the people already asked to review a version. */
export async function askedOf(db: Kysely<DB>, versionId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('review_requests')
    .select('reviewer_id')
    .where('version_id', '=', versionId)
    .execute();
  return new Set(rows.map((r) => r.reviewer_id));
}

export async function insertRequests(db: Kysely<DB>, rows: Insertable<ReviewRequestsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('review_requests')
    .values(rows)
    .onConflict((oc) => oc.columns(['version_id', 'reviewer_id']).doNothing())
    .execute();
}

/** Withdraws a request; false when there was none. */
export async function deleteRequest(db: Kysely<DB>, versionId: string, reviewerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('review_requests')
    .where('version_id', '=', versionId)
    .where('reviewer_id', '=', reviewerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Those of `userIds` who are on the project (its owner or a collaborator). */
export async function membersAmong(
  db: Kysely<DB>,
  projectId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await usersWithIds(db, userIds)
    .where((eb) => isProjectMember(eb, 'u.id', projectId))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function nameOf(db: Kysely<DB>, userId: string): Promise<string> {
  return (await userNameOf(db, userId)) ?? 'Someone';
}
