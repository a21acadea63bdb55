// What a finished master made: the job's result names the new version.
import type { Job } from '@mixdesk/contract/jobs';

/** The version a done job made. */
export function madeVersionId(job: Job): string | null {
  const id = job.result?.versionId;
  return typeof id === 'string' ? id : null;
}
