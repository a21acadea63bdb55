// Mastering one version, start to end, inside a dialog: the form, then the job's progress, then the new
// version or the failure. Used from a version on the tracks page and from the dashboard's quick action.
import { ApiError } from '../../lib/api';
import type { VersionRef } from '../../lib/tracks-api';
import { MasterForm } from './master-form';
import { MasterFailed, MasterProgress, MasterReady, MasterSettings } from './master-status';
import { useMasterJob } from './use-master-job';

/** The server's own sentence when it has one; a lost connection said plainly. */
function startError(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 408))
    return 'Unable to connect to the server. Please check your internet connection.';
  return error instanceof Error && error.message ? error.message : 'The master could not be started.';
}

interface Props {
  version: VersionRef;
  trackTitle: string;
  /** Plays the new version in the page's player (the tracks page). */
  onPlay?: (versionId: string) => void;
  /** Where the track is (from the dashboard). */
  trackLink?: string;
}

export function MasterPanel({ version, trackTitle, onPlay, trackLink }: Props) {
  const { start, job, made, retry, reset, request } = useMasterJob(version);

  if (!job || !request) {
    return (
      <MasterForm
        initial={request}
        submitting={start.isPending}
        serverError={start.isError ? startError(start.error) : null}
        onSubmit={(input) => start.mutate(input)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <MasterSettings request={request} />
      {job.status === 'failed' ? (
        <MasterFailed
          error={start.isError ? startError(start.error) : (job.error ?? 'The master failed.')}
          retrying={start.isPending}
          onRetry={retry}
          onChange={reset}
        />
      ) : job.status === 'done' && made ? (
        <MasterReady
          made={made}
          trackTitle={trackTitle}
          onPlay={onPlay}
          trackLink={trackLink}
          onAgain={reset}
        />
      ) : (
        <MasterProgress job={job} />
      )}
    </div>
  );
}
