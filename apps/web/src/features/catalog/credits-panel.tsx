// A track's Credits tab: the work it records (made from the track's title, or one of my works picked) and the
// recording itself. The route passes it to the track screen (a feature does not import another).
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { catalogKeys, fetchRecording, fetchWork } from './api';
import { errorText } from './errors';
import { RecordingEditor } from './recording-editor';
import { WorkEditor } from './work-editor';
import { WorkLink } from './work-link';

export interface CreditsPanelProps {
  projectId: string;
  trackId: string;
  trackTitle: string;
  canEdit: boolean;
}

export function CreditsPanel({ projectId, trackId, trackTitle, canEdit }: CreditsPanelProps) {
  const track = { projectId, trackId };
  const recording = useQuery({
    queryKey: catalogKeys.recording(projectId, trackId),
    queryFn: ({ signal }) => fetchRecording(track, signal),
  });
  const workId = recording.data?.workId ?? null;
  const work = useQuery({
    queryKey: catalogKeys.work(workId ?? ''),
    queryFn: ({ signal }) => fetchWork(workId!, signal),
    enabled: workId !== null,
  });

  if (recording.isPending) return <Loading />;
  if (recording.isError)
    return (
      <LoadError
        message={errorText(recording.error, 'The credits could not be loaded')}
        retry={recording.refetch}
      />
    );

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`work-${trackId}`} className="flex flex-col gap-3">
        <h3 id={`work-${trackId}`} className="text-base font-semibold">
          Work <span className="font-normal text-muted">(the composition: writers and publishers)</span>
        </h3>
        {workId === null ? (
          <WorkLink track={track} trackTitle={trackTitle} recording={recording.data} canEdit={canEdit} />
        ) : work.isPending ? (
          <Loading />
        ) : work.isError ? (
          <LoadError message={errorText(work.error, 'The work could not be loaded')} retry={work.refetch} />
        ) : (
          <WorkEditor key={`${work.data._id}-${work.data.updatedAt}`} work={work.data} canEdit={canEdit} />
        )}
      </section>
      <section
        aria-labelledby={`recording-${trackId}`}
        className="flex flex-col gap-3 border-t border-border pt-5"
      >
        <h3 id={`recording-${trackId}`} className="text-base font-semibold">
          Recording <span className="font-normal text-muted">(the master: artists, credits, owners)</span>
        </h3>
        <RecordingEditor
          key={recording.data.saved ? 'saved' : 'new'}
          track={track}
          recording={recording.data}
          canEdit={canEdit}
        />
      </section>
    </div>
  );
}

function Loading() {
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="sr-only">
        Loading credits...
      </p>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => unknown }) {
  return (
    <Alert
      type="error"
      action={
        <Button size="sm" onClick={() => retry()}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
