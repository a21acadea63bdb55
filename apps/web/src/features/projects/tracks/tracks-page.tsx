// /projects/:id/tracks: the running order beside the open track (its player, versions and uploads), and the
// project's deliverables as one download. The open
// track is in the address (?track=…), so a link leads straight to it. A version's analysis and master dialogs come
// from the route (app/): they belong to the analysis and mastering features.
import type { Track } from '@mixdesk/contract/media';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderDown, ListMusic, Plus, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mediaKeys, useMediaChanged } from '../../../lib/media-keys';
import { realtime } from '../../../lib/realtime';
import { deleteTrack, fetchTracks, reorderTracks } from '../../../lib/tracks-api';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { useToast } from '../../../ui/toast';
import { plural } from '../format';
import { mediaErrorMessage } from '../media/media-errors';
import { useProjectOutlet } from '../project-layout';
import { projectPackageUrl } from '../stems/package-links';
import { TrackDetail } from './track-detail';
import { TrackFormDialog } from './track-form-dialog';
import { TrackList } from './track-list';
import type { CreditsTab } from './track-tabs';
import type { VersionDialogs } from './version-list';

export function TracksPage({
  versionDialogs,
  credits,
}: {
  versionDialogs: VersionDialogs;
  /** Each track's Credits tab (the catalog feature's, from the route). */
  credits?: CreditsTab;
}) {
  const { project } = useProjectOutlet();
  const projectId = project._id;
  const canEdit = project.access !== 'view';
  const queryClient = useQueryClient();
  const toast = useToast();
  const changed = useMediaChanged(projectId);
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<{ open: boolean; track: Track | null }>({ open: false, track: null });
  const [deleting, setDeleting] = useState<Track | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const tracks = useQuery({
    queryKey: mediaKeys.tracks(projectId),
    queryFn: ({ signal }) => fetchTracks(projectId, signal),
  });
  const list = tracks.data ?? [];
  const people = [project.owner, ...project.collaborators.map((c) => c.user)];
  // Someone's review decision changes the tracks' review badges: read the list again.
  useEffect(
    () =>
      realtime.onLiveEvent('review:updated', (event) => {
        if (event.projectId === projectId)
          void queryClient.invalidateQueries({ queryKey: mediaKeys.tracks(projectId) });
      }),
    [queryClient, projectId],
  );
  const selected = list.find((t) => t._id === params.get('track')) ?? list[0] ?? null;
  const select = (trackId: string) =>
    setParams((p) => {
      p.set('track', trackId);
      return p;
    });

  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderTracks(projectId, ids),
    onSuccess: (saved) => queryClient.setQueryData(mediaKeys.tracks(projectId), saved),
    onError: (error) => {
      toast.notify('error', mediaErrorMessage(error, 'Failed to save the new order'));
      void queryClient.invalidateQueries({ queryKey: mediaKeys.tracks(projectId) });
    },
  });
  const move = (trackId: string, to: number) => {
    const from = list.findIndex((t) => t._id === trackId);
    if (from < 0 || to < 0 || to >= list.length || to === from) return;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    // Shown at once; the server's answer replaces it (or the old order comes back with an error).
    queryClient.setQueryData(
      mediaKeys.tracks(projectId),
      next.map((t, i) => ({ ...t, position: i + 1 })),
    );
    setAnnouncement(`${moved!.title} moved to position ${to + 1} of ${next.length}`);
    reorder.mutate(next.map((t) => t._id));
  };

  return (
    <div className="flex flex-col gap-4">
      <title>{`Tracks · ${project.title} · Mixdesk`}</title>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">
          Tracks <span className="font-normal text-muted">({list.length})</span>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {list.length > 0 && (
            <a
              href={projectPackageUrl(projectId)}
              download
              className={buttonClasses()}
              aria-label="Download the deliverables: every track's current version with its stems, and the project's files (ZIP)"
            >
              <FolderDown aria-hidden="true" />
              Deliverables
            </a>
          )}
          {canEdit && (
            <Button variant="primary" onClick={() => setForm({ open: true, track: null })}>
              <Plus aria-hidden="true" />
              Add Track
            </Button>
          )}
        </div>
      </div>

      {tracks.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            Loading tracks...
          </p>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : tracks.isError ? (
        <Alert
          type="error"
          title="Connection Error"
          action={
            <Button size="sm" onClick={() => tracks.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {mediaErrorMessage(tracks.error, 'Failed to load the tracks')}
        </Alert>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-5 py-12 text-center">
          <ListMusic aria-hidden="true" className="size-8 text-subtle" />
          <p className="text-lg font-semibold">No tracks yet</p>
          <p className="max-w-sm text-base text-muted">
            {canEdit
              ? 'Add the songs of this project, then upload their mixes to play and compare versions here.'
              : 'Nobody has added a track to this project yet.'}
          </p>
          {canEdit && (
            <Button variant="primary" onClick={() => setForm({ open: true, track: null })}>
              <Plus aria-hidden="true" />
              Add Your First Track
            </Button>
          )}
        </Card>
      ) : (
        <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(18rem,2fr)_minmax(0,3fr)]">
          <Card className="overflow-hidden">
            <TrackList
              tracks={list}
              selectedId={selected?._id ?? null}
              canEdit={canEdit}
              onSelect={select}
              onMove={move}
            />
          </Card>
          {selected && (
            <TrackDetail
              key={selected._id}
              projectId={projectId}
              track={selected}
              access={project.access}
              people={people}
              onEdit={() => setForm({ open: true, track: selected })}
              onDelete={() => setDeleting(selected)}
              onChanged={changed}
              versionDialogs={versionDialogs}
              credits={credits}
            />
          )}
        </div>
      )}

      <TrackFormDialog
        projectId={projectId}
        track={form.track}
        open={form.open}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(saved) => {
          toast.notify('success', form.track ? `${saved.title} was saved` : `${saved.title} was added`);
          changed();
          select(saved._id);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete track?"
        description={
          deleting ? (
            <>
              <strong className="font-semibold text-text">{deleting.title}</strong> will be deleted
              {deleting.versionCount > 0
                ? ` with ${plural(deleting.versionCount, 'version')} and their audio files`
                : ''}
              . This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete Track"
        onConfirm={() => deleteTrack(projectId, deleting!._id)}
        onClose={() => setDeleting(null)}
        errorMessage={(error) => mediaErrorMessage(error, 'The delete failed')}
        onDone={() => {
          toast.notify('success', `${deleting?.title ?? 'The track'} was deleted`);
          setParams((p) => {
            p.delete('track');
            return p;
          });
          changed();
        }}
      />
    </div>
  );
}
