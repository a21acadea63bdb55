// One track, opened from the list: its details, the player (the current version unless another is picked), the
// upload of a new version, and every version.
import { musicalKeyLabel, type Track } from '@mixdesk/contract/media';
import type { ProjectAccess } from '@mixdesk/contract/projects';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mediaKeys } from '../../../lib/media-keys';
import { useSession } from '../../../lib/session';
import { fetchVersions } from '../../../lib/tracks-api';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardHeader, CardTitle } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';
import { CommentBands, CommentLane } from '../comments/comment-markers';
import { useComments } from '../comments/use-comments';
import { VersionComments } from '../comments/version-comments';
import { mediaErrorMessage } from '../media/media-errors';
import { reviewBadge } from '../reviews/review-labels';
import { type Person, ReviewPanel } from '../reviews/review-panel';
import { ComparePlayer } from './compare-player';
import { TRACK_STATUS_LABEL, TRACK_STATUS_TONE } from './track-labels';
import { type PlayerHandle, TrackPlayer } from './track-player';
import { type CreditsTab, TrackTabs } from './track-tabs';
import { UploadVersionForm } from './upload-version-form';
import { useCompare } from './use-compare';
import { type VersionDialogs, VersionList } from './version-list';

/** How often the versions are read again while a listening copy is being made. */
const COPIES_POLL_MS = 3000;

interface Props {
  projectId: string;
  track: Track;
  access: ProjectAccess;
  /** The project's people, who may be asked for a review. */
  people: Person[];
  onEdit: () => void;
  onDelete: () => void;
  onChanged: () => void;
  /** A version's analysis and master dialogs (from the route). */
  versionDialogs: VersionDialogs;
  /** The Credits tab's content (from the route); without it the track shows its audio only. */
  credits?: CreditsTab;
}

export function TrackDetail({
  projectId,
  track,
  access,
  people,
  onEdit,
  onDelete,
  onChanged,
  versionDialogs,
  credits,
}: Props) {
  const canEdit = access !== 'view';
  const badge = reviewBadge(track.review);
  const { user } = useSession();
  // A link to a comment (from the activity feed or a notification) names the version, the time and the thread.
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(params.get('version'));
  const [openId, setOpenId] = useState<string | null>(params.get('comment'));
  const [hideResolved, setHideResolved] = useState(false);
  const player = useRef<PlayerHandle>(null);
  /** Counts the asks to start playing at once; the player starts on each new one. */
  const [playRequest, setPlayRequest] = useState(0);
  /** The version the player is sounding right now (null while stopped), for the versions list to mark. */
  const [soundingId, setSoundingId] = useState<string | null>(null);
  // A version put in the player starts stopped (the player resets; a Play that follows says so again).
  const pick = (id: string) => {
    setSoundingId(null);
    setPicked(id);
  };
  const playNow = (id: string) => {
    pick(id);
    setPlayRequest((n) => n + 1);
  };
  const versions = useQuery({
    queryKey: mediaKeys.versions(projectId, track._id),
    queryFn: ({ signal }) => fetchVersions(projectId, track._id, signal),
    // Listening copies are made after each upload: look again until none is being made.
    refetchInterval: (query) =>
      query.state.data?.some((v) =>
        [v.copies.compact.status, v.copies.lossless?.status].some((s) => s === 'queued' || s === 'running'),
      )
        ? COPIES_POLL_MS
        : false,
  });
  const list = versions.data ?? [];
  // A/B compare (compare-player.tsx): its state is in the link; the comments follow the version heard.
  const compare = useCompare(versions.data, () => player.current?.currentTime() ?? 0);
  const heardId = compare.heardId;
  const playing = list.find((v) => v._id === (heardId ?? picked)) ?? track.currentVersion;
  const versionRef = playing ? { projectId, trackId: track._id, versionId: playing._id } : null;
  const comments = useComments(versionRef);
  const threads = (comments.data ?? []).filter((c) => c.parentId === null && (!hideResolved || !c.resolved));
  const openThread = (id: string, at: number) => {
    player.current?.seek(at);
    setOpenId(id);
  };

  // The linked time, once the player holds the linked version (the list of versions loads after the track).
  const linkedTime = useRef(params.get('t'));
  useEffect(() => {
    if (linkedTime.current === null || !player.current || (picked && playing?._id !== picked)) return;
    const t = Number(linkedTime.current);
    if (Number.isFinite(t)) player.current.seek(t);
    linkedTime.current = null;
  });

  return (
    <Card aria-labelledby={`track-${track._id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle id={`track-${track._id}-title`} className="break-words">
            <span className="mr-2 font-mono text-muted tabular-nums">{track.position}.</span>
            {track.title}
          </CardTitle>
          <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <dt className="sr-only">Status</dt>
            <dd>
              <Badge tone={TRACK_STATUS_TONE[track.status]}>{TRACK_STATUS_LABEL[track.status]}</Badge>
            </dd>
            {badge && (
              <>
                <dt className="sr-only">Review</dt>
                <dd>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </dd>
              </>
            )}
            {track.bpm !== null && (
              <>
                <dt className="sr-only">Tempo</dt>
                <dd className="font-mono tabular-nums">{track.bpm} BPM</dd>
              </>
            )}
            {track.musicalKey && (
              <>
                <dt className="sr-only">Key</dt>
                <dd>{musicalKeyLabel(track.musicalKey)}</dd>
              </>
            )}
            {track.isrc && (
              <>
                <dt>ISRC</dt>
                <dd className="font-mono">{track.isrc}</dd>
              </>
            )}
          </dl>
        </div>
        {canEdit && (
          <div className="flex gap-1">
            <Button size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${track.title}`}>
              <Trash2 aria-hidden="true" />
              <span className="max-sm:sr-only">Delete</span>
            </Button>
          </div>
        )}
      </CardHeader>
      <TrackTabs
        credits={credits}
        projectId={projectId}
        trackId={track._id}
        trackTitle={track.title}
        canEdit={canEdit}
      >
        {track.notes && <p className="text-base whitespace-pre-wrap text-muted">{track.notes}</p>}
        <section aria-label="Player" className="flex flex-col gap-3 rounded-md border border-border p-3">
          {compare.error && (
            <Alert type="error">
              {compare.error}{' '}
              {compare.canCompare && (
                <button type="button" className="underline" onClick={compare.start}>
                  Compare the current version with the one before it
                </button>
              )}
            </Alert>
          )}
          {compare.state ? (
            <ComparePlayer
              projectId={projectId}
              trackTitle={track.title}
              versions={list}
              state={compare.state}
              onState={compare.change}
              onClose={compare.close}
              handle={player}
              lane={(duration) => (
                <CommentLane
                  threads={threads}
                  duration={duration}
                  openId={openId}
                  onOpen={(c) => openThread(c._id, c.at)}
                />
              )}
            />
          ) : playing ? (
            <TrackPlayer
              version={playing}
              trackTitle={track.title}
              actions={
                compare.canCompare && (
                  <Button size="sm" onClick={compare.start} aria-label={`Compare versions of ${track.title}`}>
                    <ArrowLeftRight aria-hidden="true" />
                    <span className="max-sm:sr-only">Compare</span>
                  </Button>
                )
              }
              playRequest={playRequest}
              handle={player}
              onPlayback={(event) => {
                if (event === 'play') setSoundingId(playing._id);
                else if (event === 'pause' || event === 'ended') setSoundingId(null);
              }}
              overlay={(duration) => <CommentBands threads={threads} duration={duration} />}
              lane={(duration) => (
                <CommentLane
                  threads={threads}
                  duration={duration}
                  openId={openId}
                  onOpen={(c) => openThread(c._id, c.at)}
                />
              )}
            />
          ) : (
            <p className="py-4 text-center text-sm text-muted">
              No audio yet.{canEdit ? ' Upload a version below to hear it here.' : ''}
            </p>
          )}
        </section>
        {playing && versionRef && (
          <ReviewPanel
            key={`review-${playing._id}`}
            versionRef={versionRef}
            versionLabel={playing.label}
            me={user?._id ?? null}
            access={access}
            people={people}
            onChanged={onChanged}
          />
        )}
        {playing && versionRef && (
          <VersionComments
            key={playing._id}
            versionRef={versionRef}
            versionLabel={playing.label}
            comments={comments}
            viewer={{ userId: user?._id ?? null, access }}
            duration={playing.duration}
            playhead={() => player.current?.currentTime() ?? 0}
            onSeek={(seconds) => player.current?.seek(seconds)}
            openId={openId}
            onOpen={setOpenId}
            hideResolved={hideResolved}
            onHideResolved={setHideResolved}
          />
        )}
        {canEdit && <UploadVersionForm projectId={projectId} track={track} onUploaded={onChanged} />}
        <section aria-labelledby={`track-${track._id}-versions`} className="flex flex-col gap-2">
          <h3 id={`track-${track._id}-versions`} className="text-base font-semibold">
            Versions <span className="font-normal text-muted">({track.versionCount})</span>
          </h3>
          {versions.isPending ? (
            <>
              <p role="status" className="sr-only">
                Loading versions...
              </p>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </>
          ) : versions.isError ? (
            <p role="alert" className="text-sm text-danger">
              {mediaErrorMessage(versions.error, 'Failed to load the versions')}
            </p>
          ) : (
            <VersionList
              projectId={projectId}
              track={track}
              versions={list}
              canEdit={canEdit}
              playingId={playing?._id ?? null}
              sounding={soundingId !== null && soundingId === playing?._id}
              onPlay={pick}
              onPlayNow={playNow}
              onPause={() => player.current?.pause()}
              onChanged={onChanged}
              dialogs={versionDialogs}
            />
          )}
        </section>
      </TrackTabs>
    </Card>
  );
}
