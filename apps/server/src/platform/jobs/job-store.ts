// The jobs table (background work, platform/jobs/jobs.ts runs it): its row type, how a row reads in the API, and
// queuing a job, once per live subject, kind and key; and counting the jobs that wait.
import type { Job, JobKind, JobStatus } from '@mixdesk/contract/jobs';
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { type DB, fromJson, type Json, type Timestamp } from '../../db/schema.ts';
import { isoIn, newId, nowIso } from '../ids.ts';

export interface JobsTable {
  id: string;
  kind: JobKind;
  subject_id: string;
  project_id: string | null;
  status: JobStatus;
  progress: number;
  error: string | null;
  attempts: number;
  payload: Json<Record<string, unknown>>;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Jobs with the same subject, kind and key are one while queued or running (a unique index). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a finished job made, for whoever asked (JSON); null until then. */
  result: ColumnType<Record<string, unknown> | string | null, string | null | undefined, string | null>;
}

declare module '../../db/schema.ts' {
  interface DB {
    jobs: JobsTable;
  }
}

export type JobRow = Selectable<JobsTable>;

export function presentJob(row: JobRow): Job {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    progress: Number(row.progress),
    error: row.error,
    projectId: row.project_id,
    subjectId: row.subject_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    result: row.result === null ? null : fromJson<Record<string, unknown>>(row.result, {}),
  };
}

/** A unique index refused the row (SQLite or PostgreSQL). */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * Queues a job (inside the caller's transaction when given one); kick the queue after the commit. With a
 * `dedupeKey`, a job of the same subject, kind and key that is still queued or running is the answer instead
 * (call it outside a transaction then: PostgreSQL ends a transaction whose insert the unique index refused).
 */
export async function enqueueJob(
  db: Kysely<DB>,
  job: {
    kind: JobKind;
    subjectId: string;
    projectId: string | null;
    payload?: Record<string, unknown>;
    dedupeKey?: string;
  },
): Promise<JobRow> {
  if (job.dedupeKey !== undefined) {
    const live = () =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('subject_id', '=', job.subjectId)
        .where('kind', '=', job.kind)
        .where('dedupe_key', '=', job.dedupeKey!)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
    const existing = await live();
    if (existing) return existing;
    try {
      return await insertJob(db, job);
    } catch (err) {
      // Asked for twice at the same moment: the other request's job is the one.
      const other = isUniqueViolation(err) ? await live() : undefined;
      if (other) return other;
      throw err;
    }
  }
  return insertJob(db, job);
}

async function insertJob(
  db: Kysely<DB>,
  job: {
    kind: JobKind;
    subjectId: string;
    projectId: string | null;
    payload?: Record<string, unknown>;
    dedupeKey?: string;
  },
): Promise<JobRow> {
  const row = {
    id: newId(),
    kind: job.kind,
    subject_id: job.subjectId,
    project_id: job.projectId,
    status: 'queued' as const,
    progress: 0,
    error: null,
    attempts: 0,
    payload: JSON.stringify(job.payload ?? {}),
    claimed_at: null,
    created_at: nowIso(),
    started_at: null,
    finished_at: null,
    result: null,
    dedupe_key: job.dedupeKey ?? null,
  };
  await db.insertInto('jobs').values(row).execute();
  return row as JobRow;
}

/** A claim not refreshed for this long belongs to an instance that stopped (the queue's default). */
export const CLAIM_TTL_MS = 2 * 60_000;

/** Jobs of a kind that wait for an instance to run them (queued, or left by one that stopped), across all. */
export async function waitingJobs(db: Kysely<DB>, kind: JobKind): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', isoIn(-CLAIM_TTL_MS))]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
