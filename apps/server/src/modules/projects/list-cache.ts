// GET /api/projects from a cache that can never be stale: each response is stored, serialised, under the
// caller's list version, which lives in the database and is bumped by triggers in the same transaction as
// any change the list shows (migration 0006). Every request reads that version first, so an app instance
// answers from its copy only while the database still holds the version the copy was made under; a change
// made through any instance, or any area, is seen by the next request.

import { ProjectListResponseSchema } from '@mixdesk/contract/project-responses';
import type { ListProjectsQuery } from '@mixdesk/contract/projects';
import type { Kysely } from 'kysely';
import { coalesced } from '../../db/coalesced.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { type VersionedResponses, versionedResponsesFor } from '../../platform/http/versioned-responses.ts';
import { listProjects } from './service.ts';

const caches = new WeakMap<Kysely<DB>, VersionedResponses>();
const LIMITS = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024 };

/** Runs for every list request: compiled once per database (db/prepared.ts), shared by concurrent
 * requests (db/coalesced.ts). */
const versionsQuery = prepared((db, userIds) =>
  db.selectFrom('project_list_versions').select(['user_id', 'version']).where('user_id', 'in', userIds),
);

/** The caller's list version (0 before anything they can see has changed). */
export const listVersion = coalesced(
  async (db, userIds) =>
    new Map((await versionsQuery(db, userIds)).map((r) => [r.user_id, Number(r.version)])),
  0,
);

const keyOf = (userId: string, q: ListProjectsQuery) =>
  [userId, q.page, q.limit, q.search?.toLowerCase() ?? '', q.type ?? '', q.status ?? '', q.genre ?? ''].join(
    '\u0000',
  );

/** The whole JSON response of GET /api/projects, validated against its schema. */
export async function listProjectsJson(
  ctx: AppContext,
  userId: string,
  q: ListProjectsQuery,
): Promise<Buffer> {
  return versionedResponsesFor(caches, ctx.db, LIMITS).through(
    keyOf(userId, q),
    () => listVersion(ctx.db, userId),
    async () =>
      JSON.stringify(
        ProjectListResponseSchema.parse({
          success: true,
          message: 'Projects',
          data: await listProjects(ctx, userId, q),
        }),
      ),
  );
}
