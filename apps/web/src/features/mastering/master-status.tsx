// A master under way, ready or failed: the progress bar moved by the job's updates, then the new version with
// Play (on the tracks page) or a link to its track (from the dashboard), or the reason it failed and Try again.
import type { MasterRequest } from '@mixdesk/contract/analysis';
import type { Job } from '@mixdesk/contract/jobs';
import { ArrowRight, Play, RotateCw, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { formatDb } from '../../lib/analysis-format';
import { jobPercent, jobProgressText } from '../../lib/job-progress';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import type { MadeVersion } from './use-master-job';

export function MasterSettings({ request }: { request: MasterRequest }) {
  return (
    <p className="font-mono text-xs text-muted tabular-nums">
      Target {formatDb(request.targetLufs, 'LUFS')} · ceiling {formatDb(request.truePeakDbtp, 'dBTP')}
    </p>
  );
}

/** The job's progress bar; a done job whose version is still being read stays at 100 %. */
export function MasterProgress({ job }: { job: Job }) {
  const percent = job.status === 'queued' ? 0 : jobPercent(job);
  const text = job.status === 'done' ? 'Mastering · 100 %' : jobProgressText(job);
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-surface-2 p-4">
      <div
        role="progressbar"
        aria-label="Mastering progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="font-mono text-xs text-muted tabular-nums">
        {text}
      </p>
    </div>
  );
}

export function MasterReady({
  made,
  trackTitle,
  onPlay,
  trackLink,
  onAgain,
}: {
  made: MadeVersion;
  trackTitle: string;
  onPlay?: (versionId: string) => void;
  trackLink?: string;
  onAgain: () => void;
}) {
  return (
    <Alert type="success" title="Mastered version ready">
      <p>
        <strong className="font-semibold">{made.label}</strong> is now a version of {trackTitle}; the original
        is unchanged.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {onPlay && (
          <Button size="sm" variant="primary" onClick={() => onPlay(made._id)}>
            <Play aria-hidden="true" />
            Play {made.label}
          </Button>
        )}
        {trackLink && (
          <Button size="sm" variant="primary" asChild>
            <Link to={trackLink}>
              Open the track
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
        <Button size="sm" onClick={onAgain}>
          <SlidersHorizontal aria-hidden="true" />
          Master again
        </Button>
      </div>
    </Alert>
  );
}

export function MasterFailed({
  error,
  retrying,
  onRetry,
  onChange,
}: {
  error: string;
  retrying: boolean;
  onRetry: () => void;
  onChange: () => void;
}) {
  return (
    <Alert type="error" title="Mastering failed">
      <p>{error}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={onRetry} loading={retrying}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
        <Button size="sm" onClick={onChange}>
          <SlidersHorizontal aria-hidden="true" />
          Change settings
        </Button>
      </div>
    </Alert>
  );
}
