// Where a version's listening copies stand (issue #35), in its row: made (nothing to say), being made (with the
// job's progress, live from the project's room, like the waveform's), or failed (the original still plays
// where the browser can).
import type { TrackVersion } from '@mixdesk/contract/media';
import { useEffect, useState } from 'react';
import { jobPercent } from '../../../lib/job-progress';
import { subscribeJobUpdates } from '../../../lib/job-updates';

export function CopiesStatus({ version }: { version: Pick<TrackVersion, '_id' | 'projectId' | 'copies'> }) {
  const { lossless, compact } = version.copies;
  const statuses = [compact.status, ...(lossless ? [lossless.status] : [])];
  const busy = statuses.some((s) => s === 'queued' || s === 'running');
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => {
    if (!busy) return;
    return subscribeJobUpdates(version.projectId, (job) => {
      if (job.kind === 'copies' && job.subjectId === version._id) setPercent(jobPercent(job));
    });
  }, [busy, version.projectId, version._id]);

  if (statuses.includes('failed'))
    return (
      <p className="text-xs text-danger">
        The listening copies could not be made; the original plays where the browser can.
      </p>
    );
  if (!busy) return null;
  return (
    <p className="text-xs text-muted" role="status">
      Making the listening copies{percent === null ? '…' : ` · ${percent} %`}
    </p>
  );
}
