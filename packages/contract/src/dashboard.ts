// GET /api/dashboard (SPEC §2 Dashboard): the signed-in user's figures, recent projects and recent activity in
// one call. Storage is measured against a per-user quota (STORAGE_QUOTA_BYTES on the server).
import { z } from 'zod';
import { envelope, TimestampSchema } from './envelope.ts';
import { JobSchema } from './jobs.ts';
import { ProjectSchema } from './project-responses.ts';
import type { ProjectStatus } from './projects.ts';

/** Projects in these states count as active (not completed, released or archived). */
export const ACTIVE_PROJECT_STATUSES = [
  'planning',
  'in_progress',
  'recording',
  'mixing',
  'mastering',
] as const satisfies readonly ProjectStatus[];

/** 10 GiB per user unless STORAGE_QUOTA_BYTES says otherwise. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 10 * 1024 ** 3;
/** The Storage Used card turns amber from this share of the quota, red from the next. */
export const STORAGE_WARNING_PERCENT = 80;
export const STORAGE_DANGER_PERCENT = 95;
/** The message of the 413 an upload past the quota gets. */
export const STORAGE_QUOTA_EXCEEDED = 'Storage quota exceeded';

export const RECENT_PROJECTS_COUNT = 5;
export const RECENT_ACTIVITY_COUNT = 10;

export const DashboardStatsSchema = z.object({
  /** Projects I own or collaborate on whose status is one of ACTIVE_PROJECT_STATUSES. */
  activeProjects: z.number().int(),
  /** Tracks across every project I own or collaborate on. */
  totalTracks: z.number().int(),
  /** Distinct other people across my projects: their collaborators, and the owners and collaborators of theirs. */
  collaborators: z.number().int(),
  /** Bytes stored in the projects I own. */
  storageUsedBytes: z.number(),
  storageQuotaBytes: z.number(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const ACTIVITY_KINDS = [
  'project_created',
  'collaborator_added',
  'track_added',
  'version_uploaded',
  'version_mastered',
  'file_uploaded',
  'document_event',
  'comment_added',
  'version_reviewed',
] as const;
export const ActivityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKindSchema>;

/** One thing that happened, as stored (never made up): who, what, where, and the app path it is about. */
export const ActivityItemSchema = z.object({
  _id: z.string(),
  kind: ActivityKindSchema,
  /** A sentence a person reads: "Ana uploaded 'Mix 3' to Night Drive". */
  summary: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  project: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** Where in the app it leads (/projects/:id, /documents?open=:id). */
  link: z.string(),
  createdAt: TimestampSchema,
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** A job of one of my projects that is waiting or running, with what it works on, for the dashboard. */
export const ActiveJobSchema = JobSchema.extend({
  project: z.object({ _id: z.string(), title: z.string() }),
  track: z.object({ _id: z.string(), title: z.string() }),
  versionLabel: z.string(),
});
export type ActiveJob = z.infer<typeof ActiveJobSchema>;
export const ACTIVE_JOBS_COUNT = 10;

export const DashboardSchema = z.object({
  stats: DashboardStatsSchema,
  recentProjects: z.array(ProjectSchema),
  recentActivity: z.array(ActivityItemSchema),
  /** Analyses and masters of my projects that are waiting or running (oldest first). */
  activeJobs: z.array(ActiveJobSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = envelope(DashboardSchema);

/** The share of the quota used, 0–100 (rounded to one decimal), for the card's text and colour. */
export function storagePercent(
  stats: Pick<DashboardStats, 'storageUsedBytes' | 'storageQuotaBytes'>,
): number {
  if (stats.storageQuotaBytes <= 0) return 100;
  return Math.round((1000 * stats.storageUsedBytes) / stats.storageQuotaBytes) / 10;
}

export type StorageLevel = 'ok' | 'warning' | 'danger';
export function storageLevel(percent: number): StorageLevel {
  if (percent >= STORAGE_DANGER_PERCENT) return 'danger';
  if (percent >= STORAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}
