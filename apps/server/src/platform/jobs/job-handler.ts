// What a job's handler is given and gives back (jobs.ts runs it): the claimed job as the handler sees it, the
// control it reports progress through and is stopped by, and what a kind may ask for when a job fails.
import type { JobKind } from '@mixdesk/contract/jobs';
import { fromJson } from '../../db/schema.ts';
import type { JobRow } from './job-store.ts';

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  subjectId: string;
  projectId: string | null;
  payload: Record<string, unknown>;
}

export interface JobControl {
  /** Reports how far the job is (0–1); written and pushed at most every PROGRESS_EVERY_MS. */
  progress(fraction: number): void;
  /** Aborted when the instance stops: the handler ends its work; the job is queued again. */
  signal: AbortSignal;
}

/** Runs one job; a plain object it resolves with is kept as the job's result. */
export type JobHandler = (job: ClaimedJob, control: JobControl) => Promise<unknown>;

export interface JobKindOptions {
  /**
   * Runs once a job of this kind has failed for good (its handler threw, or the server stopped under it too
   * often), before the failure is stored and pushed: the place to mark what the job worked on.
   */
  onFailed?: (job: ClaimedJob, reason: string) => Promise<void>;
}

/** The handler's view of a claimed row: its subject, project and payload. */
export function claimedJob(row: JobRow): ClaimedJob {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    projectId: row.project_id,
    payload: fromJson(row.payload, {}),
  };
}
