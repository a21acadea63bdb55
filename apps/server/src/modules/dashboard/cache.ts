// GET /api/dashboard from a cache that can never be stale, as the projects list is (decision 004): each
// answer is kept, serialised, under two versions the database holds for the caller and reads in one query:
// the projects list's (their projects, collaborators, counters, storage, names: migration 0006) and the
// dashboard's own (their activity feed and their projects' running jobs: migration 0012). Triggers bump
// both in the same transaction as the change, so any instance answers from its copy only while nothing the
// dashboard shows has changed.
import { DashboardResponseSchema } from '@mixdesk/contract/dashboard';
import type { Kysely } from 'kysely';
import { coalesced } from '../../db/coalesced.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { type VersionedResponses, versionedResponsesFor } from '../../platform/http/versioned-responses.ts';
import { withDashboardVersion } from '../activity/public.ts';
import { usersWithIds } from '../auth/public.ts';
import { withProjectListVersion } from '../projects/public.ts';

const caches = new WeakMap<Kysely<DB>, VersionedResponses>();
/** A dashboard answer is ~6 KB: 5,000 people's fit in 32 MB. */
const LIMITS = { maxEntries: 5000, maxBytes: 32 * 1024 * 1024 };

/** The dashboard's version is the activity area's (it keeps what bumps it), joined here by its helper. */
const versionsQuery = prepared((db, userIds) =>
  withDashboardVersion(withProjectListVersion(usersWithIds(db, userIds), 'u.id'), 'u.id'),
);

/** Both versions of what the caller's dashboard shows, as one value ("0.0" before anything changed). */
export const dashboardVersion = coalesced(
  async (db, userIds) =>
    new Map(
      (await versionsQuery(db, userIds)).map((r) => [
        r.id,
        `${Number(r.list ?? 0)}.${Number(r.dashboard ?? 0)}`,
      ]),
    ),
  '0.0',
);

/** The whole JSON answer of GET /api/dashboard, validated against its schema, built by `build` on a miss. */
export function dashboardJson(
  ctx: AppContext,
  userId: string,
  build: () => Promise<unknown>,
): Promise<Buffer> {
  return versionedResponsesFor(caches, ctx.db, LIMITS).through(
    userId,
    () => dashboardVersion(ctx.db, userId),
    async () => JSON.stringify(DashboardResponseSchema.parse(await build())),
  );
}
