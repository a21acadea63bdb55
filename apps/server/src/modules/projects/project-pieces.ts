// What other areas read of projects in their own SQL (issue #33): a project's title joined to their rows, the
// test "is this person on the project" as a condition, and the projects table with a column another area's
// migration added to it. Each is the SQL those areas wrote before, so their statements and plans stay the
// same; projects' queries stay here.
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ProjectsTable } from './tables.ts';

/** Kysely cannot check a join made on the caller's query: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;

/**
 * Adds `project_title`, the title of the project `projectId` names as it is now (null without a project):
 * joins projects as `p` (a left join), so the query must not use that alias itself.
 */
export function withProjectTitle<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  projectId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & { project_title: string | null }> {
  return untyped(qb)
    .leftJoin('projects as p', 'p.id', projectId as string)
    .select('p.title as project_title') as never;
}

/** Whether the user `userId` refers to is on the project: its owner or a collaborator (two index look-ups). */
export function isProjectMember<QDB, TB extends keyof QDB>(
  eb: ExpressionBuilder<QDB, TB>,
  userId: StringReference<QDB, TB>,
  projectId: string,
): Expression<SqlBool> {
  const user = eb.ref(userId).$castTo<string>();
  const e = expressionBuilder<DB, never>();
  return e.or([
    e(user, '=', e.selectFrom('projects').select('owner_id').where('id', '=', projectId)),
    e(
      user,
      'in',
      e.selectFrom('project_collaborators').select('user_id').where('project_id', '=', projectId),
    ),
  ]);
}

/**
 * The database with the projects table carrying `Columns`, columns another area's migration added to it and
 * reads and writes itself (the clients' `client_id`, 0004-clients); projects' own queries leave them out.
 */
export function projectsWith<Columns extends object>(db: Kysely<DB>) {
  return db as unknown as Kysely<Omit<DB, 'projects'> & { projects: ProjectsTable & Columns }>;
}
