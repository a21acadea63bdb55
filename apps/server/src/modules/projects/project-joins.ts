// What other areas read of projects inside their own list and read queries (issue #33): a project joined to
// their rows by a column holding its id, a person's collaborator row on a joined project, "the person owns or
// works on the joined project" as a condition, the projects as the source of a list or a sub-query, and the
// projects list's cache version joined to a query on people. Each adds to the caller's query builder the very
// join, sub-query or condition those areas wrote before, with the same aliases, so their statements and plans
// stay the same; the projects tables' queries stay here.
import type {
  Expression,
  ExpressionBuilder,
  Kysely,
  SelectQueryBuilder,
  SqlBool,
  StringReference,
} from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ProjectCollaboratorsTable, ProjectListVersionsTable, ProjectsTable } from './tables.ts';

/** What a query joined to projects may read of the joined row. */
export interface JoinedProject {
  id: string;
  owner_id: string;
  title: string;
  status: string;
}

/** The same, through a left join: null where the row names no project, or it is gone. */
export type LeftJoinedProject = { [K in keyof JoinedProject]: JoinedProject[K] | null };

/** What a query left-joined to a person's collaborator row may read of it (null where they are not one). */
export interface JoinedCollaborator {
  user_id: string | null;
  permission: ProjectCollaboratorsTable['permission'] | null;
  role: string | null;
}

/** A database whose projects table may carry columns another area added to it (see `projectsWith`). */
type WithProjects = { projects: ProjectsTable };
type Empty = Record<never, never>;

/** Kysely cannot check a join on a table alias chosen by the caller: the join is built untyped, here only. */
type Untyped = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, unknown>;
const untyped = (qb: unknown) => qb as Untyped;
type UntypedSource = Pick<Kysely<Record<string, Record<string, unknown>>>, 'selectFrom'>;
type UntypedEb = ExpressionBuilder<Record<string, Record<string, unknown>>, string>;

/** Joins projects as `alias` on `alias.id = projectId` (an inner join: rows without such a project drop out). */
export function joinProject<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  projectId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & Record<A, JoinedProject>, TB | A, O> {
  return untyped(qb).innerJoin(`projects as ${alias}`, `${alias}.id`, projectId as string) as never;
}

/** Joins projects as `alias` on `alias.id = projectId`, keeping rows without such a project (nulls then). */
export function leftJoinProject<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  projectId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB & Record<A, LeftJoinedProject>, TB | A, O> {
  return untyped(qb).leftJoin(`projects as ${alias}`, `${alias}.id`, projectId as string) as never;
}

/**
 * Joins, as `alias`, the collaborator row of `userId` on the project `projectId` refers to (a left join on
 * `alias.project_id = projectId and alias.user_id = userId`): its columns are null where they are not one.
 */
export function leftJoinCollaborator<QDB, TB extends keyof QDB, O, A extends string>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  alias: A,
  projectId: StringReference<QDB, TB>,
  userId: string,
): SelectQueryBuilder<QDB & Record<A, JoinedCollaborator>, TB | A, O> {
  const as: string = alias;
  return untyped(qb).leftJoin(`project_collaborators as ${as}`, (join) =>
    join.onRef(`${as}.project_id`, '=', projectId as string).on(`${as}.user_id`, '=', userId),
  ) as never;
}

/**
 * Whether `userId` owns the project the query joined as `project` or collaborates on it (an exists on their
 * collaborator row, read as `c` inside it).
 */
export function ownsOrWorksOn<QDB, TB extends keyof QDB>(
  eb: ExpressionBuilder<QDB, TB>,
  project: string,
  userId: string,
): Expression<SqlBool> {
  const e = eb as unknown as UntypedEb;
  return e.or([
    e(`${project}.owner_id`, '=', userId),
    e.exists(
      e
        .selectFrom('project_collaborators as c')
        .select('c.user_id')
        .whereRef('c.project_id', '=', `${project}.id`)
        .where('c.user_id', '=', userId),
    ),
  ]);
}

/**
 * The projects, as `alias` (or by their table's name without one), for the caller to select, narrow and join:
 * a list another area reads from them, or the columns it added to them through `projectsWith`.
 */
export function selectProjects<QDB extends WithProjects>(
  db: Kysely<QDB>,
): SelectQueryBuilder<QDB, 'projects', Empty>;
export function selectProjects<QDB extends WithProjects, A extends string>(
  db: Kysely<QDB>,
  alias: A,
): SelectQueryBuilder<QDB & Record<A, QDB['projects']>, A, Empty>;
export function selectProjects(db: Kysely<WithProjects>, alias?: string) {
  return (db as unknown as UntypedSource).selectFrom(alias ? `projects as ${alias}` : 'projects');
}

/** The projects as `alias` in a sub-query of the caller's, which may refer to the outer query's tables. */
export function selectProjectsIn<QDB extends WithProjects, TB extends keyof QDB, A extends string>(
  eb: ExpressionBuilder<QDB, TB>,
  alias: A,
): SelectQueryBuilder<QDB & Record<A, QDB['projects']>, TB | A, Empty> {
  return (eb as unknown as UntypedEb).selectFrom(`projects as ${alias}`) as never;
}

/** The projects `ownerId` owns, for the caller to select, order and narrow. */
export function projectsOwnedBy(db: Kysely<DB>, ownerId: string) {
  return db.selectFrom('projects').where('owner_id', '=', ownerId);
}

/** The ids of the projects `userId` owns or collaborates on, as a query (a sub-query for the caller). */
export function projectIdsOfMember(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('projects')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('project_collaborators').select('project_id').where('user_id', '=', userId),
        ),
      ]),
    );
}

/** The collaborator rows of `userId` (every project they were added to), for the caller to select. */
export function collaborationsOf(db: Kysely<DB>, userId: string) {
  return db.selectFrom('project_collaborators').where('user_id', '=', userId);
}

/** The collaborator rows of a project as `alias`, for the caller to join (the people) and narrow. */
export function collaboratorsOfProject<A extends string>(db: Kysely<DB>, alias: A, projectId: string) {
  const as: string = alias;
  return (db as unknown as UntypedSource)
    .selectFrom(`project_collaborators as ${as}`)
    .where(`${as}.project_id`, '=', projectId) as unknown as SelectQueryBuilder<
    DB & Record<A, ProjectCollaboratorsTable>,
    A,
    Empty
  >;
}

/**
 * Adds `list`, the projects list's cache version of the person `userId` refers to (null before anything bumped
 * it): joins project_list_versions as `l` (a left join), so the query must not use that alias itself.
 */
export function withProjectListVersion<QDB, TB extends keyof QDB, O>(
  qb: SelectQueryBuilder<QDB, TB, O>,
  userId: StringReference<QDB, TB>,
): SelectQueryBuilder<QDB, TB, O & { list: ProjectListVersionsTable['version'] | null }> {
  return untyped(qb)
    .leftJoin('project_list_versions as l', 'l.user_id', userId as string)
    .select('l.version as list') as never;
}
