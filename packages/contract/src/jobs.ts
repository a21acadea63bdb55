// Background work (analysis, mastering, waveforms): stored jobs, run at most one per CPU core per instance,
// picked up again after a restart or a crash, their progress pushed live to the project's room.
import { z } from 'zod';
import { TimestampSchema } from './envelope.ts';

/**
 * upload: a resumable upload's file becoming what it was for (issue #34), once its last byte landed; copies: a
 * version's listening copies (issue #35); null-test: a version's stems summed against its mix, digests: the
 * CRC-32 and SHA-256 of stored objects that packages need before their first byte (issue #36).
 */
export const JOB_KINDS = [
  'analysis',
  'copies',
  'digests',
  'mastering',
  'null-test',
  'peaks',
  'upload',
] as const;
export const JobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKindSchema>;

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobSchema = z.object({
  _id: z.string(),
  kind: JobKindSchema,
  status: JobStatusSchema,
  /** 0–1 while running; 1 when done. */
  progress: z.number(),
  /** Why it failed, for a person; null otherwise. */
  error: z.string().nullable(),
  projectId: z.string().nullable(),
  /** What the job works on (a version id). */
  subjectId: z.string(),
  createdAt: TimestampSchema,
  startedAt: TimestampSchema.nullable(),
  finishedAt: TimestampSchema.nullable(),
  /** What a finished job made (mastering: { versionId }); null otherwise. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** Sent to the project's room whenever one of its jobs starts, moves on, ends or fails. */
export const JOB_UPDATED_EVENT = 'job:updated';
