// GET /api/projects in SQL: the caller's own projects and the ones shared with them, filtered, counted and
// paged by the database, newest activity first. Owned and shared projects are read as two index-ordered
// streams (projects_owner_* and project_collaborators_user) so no query sorts or counts the whole table.
import type { ListProjectsQuery } from '@mixdesk/contract/projects';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { escapeLike, ownedBy, searchesIndex, searchMatches } from '../../db/sql-helpers.ts';
import { joinUserContact } from '../auth/public.ts';
import { PROJECT_COLUMNS, type ProjectListRow } from './repo.ts';

export type ListFilters = Pick<ListProjectsQuery, 'search' | 'type' | 'status' | 'genre'>;

/**
 * What the search matches: title, description and tags, any case, `%`, `_` and the like taken literally. The
 * owner's project count is not read first: on SQLite a term of three characters or more always reads the
 * trigram index (db/sql-helpers.ts, `searchMatches`).
 */
const ANY_OWNER = Number.POSITIVE_INFINITY;
const usesTrigramIndex = (dialect: Dialect, search: string | undefined) =>
  search !== undefined && searchesIndex(dialect, search, ANY_OWNER);

/** The filters as SQL conditions on `p` (projects); every value is bound, never spliced. */
function conditions(dialect: Dialect, f: ListFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.type) out.push(sql<SqlBool>`p.type = ${f.type}`);
  if (f.status) out.push(sql<SqlBool>`p.status = ${f.status}`);
  // genre is a JSON list of enum values: a quoted element matches exactly that genre.
  if (f.genre) out.push(sql<SqlBool>`cast(p.genre as text) like ${`%"${escapeLike(f.genre)}"%`} escape '\\'`);
  if (f.search) out.push(searchMatches('projects', 'p', f.search, usesTrigramIndex(dialect, f.search)));
  return out;
}

/** The SQL order (last activity, then id, both descending) for merging the two streams. */
const byActivity = (a: ProjectListRow, b: ProjectListRow) => {
  if (a.last_activity_at !== b.last_activity_at) return a.last_activity_at < b.last_activity_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

export interface ProjectPage {
  rows: (ProjectListRow & { permission: 'view' | 'edit' | null })[];
  total: number;
}

export async function listProjectRows(
  db: Kysely<DB>,
  dialect: Dialect,
  userId: string,
  filters: ListFilters,
  window: { limit: number; offset: number },
): Promise<ProjectPage> {
  const where = conditions(dialect, filters);
  // A full-text search reads its few matches first: `+` keeps SQLite from walking the owner's index instead.
  const ownerIs = ownedBy('p.owner_id', userId, usesTrigramIndex(dialect, filters.search));
  const owned = db
    .selectFrom('projects as p')
    .where(ownerIs)
    .where((eb) => eb.and(where));
  const shared = db
    .selectFrom('project_collaborators as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .where('c.user_id', '=', userId)
    .where((eb) => eb.and(where));

  // With no filter, the owned count is kept by triggers (project_owner_stats): no rows are counted.
  const counts = await db
    .selectNoFrom((eb) => [
      where.length === 0
        ? eb
            .selectFrom('project_owner_stats')
            .select('project_count')
            .where('owner_id', '=', userId)
            .as('owned')
        : owned.select((e) => e.fn.countAll<number>().as('n')).as('owned'),
      shared.select((e) => e.fn.countAll<number>().as('n')).as('shared'),
    ])
    .executeTakeFirstOrThrow();
  const ownedTotal = Number(counts.owned ?? 0);
  const sharedTotal = Number(counts.shared ?? 0);
  const total = ownedTotal + sharedTotal;
  if (window.offset >= total) return { rows: [], total };

  const shown = [...PROJECT_COLUMNS, 'u.name as owner_name', 'u.email as owner_email'] as const;
  const ownedPage = (limit: number, offset: number) =>
    owned
      .$call((q) => joinUserContact(q, 'u', 'p.owner_id'))
      .select(shown)
      .orderBy('p.last_activity_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  const sharedPage = (limit: number) =>
    shared
      .$call((q) => joinUserContact(q, 'u', 'p.owner_id'))
      .select([...shown, 'c.permission'])
      .orderBy('p.last_activity_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();

  if (sharedTotal === 0) {
    const rows = await ownedPage(window.limit, window.offset);
    return { rows: rows.map((r) => ({ ...r, permission: null })), total };
  }
  // Both streams are ordered the same way: the first offset+limit of each hold the page.
  const reach = window.offset + window.limit;
  const [mine, theirs] = await Promise.all([
    ownedTotal > 0 ? ownedPage(reach, 0) : Promise.resolve([]),
    sharedPage(reach),
  ]);
  const merged = [
    ...mine.map((r) => ({ ...r, permission: null })),
    ...theirs.map((r) => ({ ...r, permission: r.permission })),
  ].sort(byActivity);
  return { rows: merged.slice(window.offset, reach), total };
}
