// The polling fallback of a master when no job:updated arrives: the server has no read of one job, so the
// dashboard's list of jobs under way says whether it still waits or runs; once it has left that list, the
// track's versions say whether it made its version (labelled for its target, naming the original).
import { masteredLabel } from '@mixdesk/contract/analysis';
import { ACTIVE_JOBS_COUNT } from '@mixdesk/contract/dashboard';
import type { Job } from '@mixdesk/contract/jobs';
import type { TrackVersion } from '@mixdesk/contract/media';

export const LOST_MASTER =
  'The master stopped without making a new version. Try again; if it fails again, check the original plays.';

/** Where the job is now, by the dashboard's list; null when it has left it (it finished one way or another). */
export function jobFromActiveList(job: Job, active: Job[]): Job | null | 'unknown' {
  const found = active.find((j) => j._id === job._id);
  if (found) return { ...job, status: found.status, progress: found.progress };
  // A full list may have cut it off: that says nothing.
  return active.length >= ACTIVE_JOBS_COUNT ? 'unknown' : null;
}

/** The finished job as the versions tell it: done with the version it made, else failed. */
export function finishedFromVersions(
  job: Job,
  versions: Pick<TrackVersion, '_id' | 'label' | 'createdAt' | 'masteredFrom'>[],
  targetLufs: number,
): Job {
  const label = masteredLabel(targetLufs);
  const made = versions.find(
    (v) => v.masteredFrom?._id === job.subjectId && v.label === label && v.createdAt >= job.createdAt,
  );
  if (made) return { ...job, status: 'done', progress: 1, result: { versionId: made._id } };
  return { ...job, status: 'failed', error: LOST_MASTER };
}

/** The version a done job made. */
export function madeVersionId(job: Job): string | null {
  const id = job.result?.versionId;
  return typeof id === 'string' ? id : null;
}
