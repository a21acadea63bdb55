// A track's versions, newest first: label, who uploaded it and when, what the file is; play one in the player,
// open its stems, analyse it, master it (a new version at a target loudness), make it current, rename it, download it or
// delete it. A mastered version names its original. The analysis and master dialogs belong to the analysis and
// mastering features: the route (app/) hands them in.
import type { Track, TrackVersion } from '@mixdesk/contract/media';
import { useMutation } from '@tanstack/react-query';
import { Activity, Gauge, Layers, Pause, Play, Star, Trash2 } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { deleteVersion, makeCurrentVersion, type VersionRef } from '../../../lib/tracks-api';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { mediaErrorMessage } from '../media/media-errors';
import { CopiesStatus } from './copies-status';
import { audioDetails, formatWhen, lengthAndSize } from './track-labels';
import { VersionDownloads } from './version-downloads';
import { VersionLabel } from './version-label';

// The stems panel (its mixer, uploads and null test) is fetched the first time someone opens it.
const StemsDialog = lazy(() => import('../stems/stems-dialog').then((m) => ({ default: m.StemsDialog })));

/** The version a dialog is open on (null: closed). */
type OpenVersion = (VersionRef & { label: string }) | null;

/** A version's analysis and master dialogs. */
export interface VersionDialogs {
  Analysis: ComponentType<{ version: OpenVersion; title: string; canEdit: boolean; onClose: () => void }>;
  Master: ComponentType<{
    version: OpenVersion;
    trackTitle: string;
    onPlay: (versionId: string) => void;
    onClose: () => void;
  }>;
}

interface Props {
  projectId: string;
  track: Track;
  versions: TrackVersion[];
  canEdit: boolean;
  /** The version in the player. */
  playingId: string | null;
  /** Whether the player is sounding that version now (not paused or stopped). */
  sounding?: boolean;
  /** Puts a version in the player, stopped. */
  onPlay: (versionId: string) => void;
  /** Puts a version in the player and starts it (a row's Play, the mastering dialog's Play). */
  onPlayNow?: (versionId: string) => void;
  onPause?: () => void;
  onChanged: () => void;
  /** A version's analysis and master dialogs (from the route). */
  dialogs: VersionDialogs;
}

export function VersionList({
  projectId,
  track,
  versions,
  canEdit,
  playingId,
  sounding = false,
  onPlay,
  onPlayNow,
  onPause,
  onChanged,
  dialogs: { Analysis: AnalysisDialog, Master: MasterDialog },
}: Props) {
  const toast = useToast();
  const [deleting, setDeleting] = useState<TrackVersion | null>(null);
  const [analysing, setAnalysing] = useState<TrackVersion | null>(null);
  const [mastering, setMastering] = useState<TrackVersion | null>(null);
  const [stemsOf, setStemsOf] = useState<TrackVersion | null>(null);
  const current = useMutation({
    mutationFn: (v: TrackVersion) => makeCurrentVersion(projectId, track._id, v._id),
    onSuccess: ({ version }) => {
      toast.notify('success', `${version.label} is now the current version`);
      onPlay(version._id);
      onChanged();
    },
    onError: (error) =>
      toast.notify('error', mediaErrorMessage(error, 'Failed to change the current version')),
  });

  if (versions.length === 0)
    return <p className="text-sm text-muted">No versions yet. Upload a mix, a demo or a master to start.</p>;

  return (
    <>
      <ul aria-label={`Versions of ${track.title}`} className="flex flex-col divide-y divide-border">
        {versions.map((v) => {
          const inPlayer = playingId === v._id;
          const nowPlaying = inPlayer && sounding;
          return (
            <li
              key={v._id}
              aria-current={inPlayer ? 'true' : undefined}
              className={cn(
                'flex flex-wrap items-center gap-x-3 gap-y-2 border-l-2 py-2.5 pr-1 pl-2',
                inPlayer ? 'border-l-accent' : 'border-l-transparent',
              )}
            >
              <div className="flex min-w-0 flex-1 basis-60 flex-col gap-0.5">
                <VersionLabel
                  projectId={projectId}
                  track={track}
                  version={v}
                  canEdit={canEdit}
                  playing={nowPlaying}
                  onChanged={onChanged}
                />
                {v.masteredFrom && (
                  <p className="text-xs text-accent">Mastered from {v.masteredFrom.label}</p>
                )}
                <p className="text-xs text-muted">
                  {audioDetails(v)} · <span className="font-mono tabular-nums">{lengthAndSize(v)}</span>
                </p>
                <p className="text-xs text-subtle">
                  {v.uploadedBy ? v.uploadedBy.name : 'A former member'} · {formatWhen(v.createdAt)}
                </p>
                <CopiesStatus version={v} />
              </div>
              <div className="flex shrink-0 items-center gap-1">
                {nowPlaying ? (
                  <Button size="sm" variant="ghost" aria-label={`Pause ${v.label}`} onClick={onPause}>
                    <Pause aria-hidden="true" />
                    <span className="max-sm:sr-only">Pause</span>
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-pressed={inPlayer}
                    aria-label={`Play ${v.label} in the player`}
                    onClick={() => (onPlayNow ?? onPlay)(v._id)}
                  >
                    <Play aria-hidden="true" />
                    <span className="max-sm:sr-only">Play</span>
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Analysis of ${v.label}`}
                  onClick={() => setAnalysing(v)}
                >
                  <Activity aria-hidden="true" />
                  <span className="max-sm:sr-only">Analysis</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Stems of ${v.label}`}
                  onClick={() => {
                    // The mixer plays the mix with its stems: the player above stops first.
                    if (nowPlaying) onPause?.();
                    setStemsOf(v);
                  }}
                >
                  <Layers aria-hidden="true" />
                  <span className="max-sm:sr-only">Stems</span>
                </Button>
                {canEdit && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Master ${v.label}`}
                    onClick={() => setMastering(v)}
                  >
                    <Gauge aria-hidden="true" />
                    <span className="max-sm:sr-only">Master</span>
                  </Button>
                )}
                {canEdit && !v.isCurrent && (
                  <Button
                    size="sm"
                    onClick={() => current.mutate(v)}
                    loading={current.isPending && current.variables?._id === v._id}
                    aria-label={`Make ${v.label} current`}
                  >
                    <Star aria-hidden="true" />
                    Make current
                  </Button>
                )}
                <VersionDownloads version={v} />
                {canEdit && (
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Delete ${v.label}`}
                    onClick={() => setDeleting(v)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <AnalysisDialog
        version={
          analysing
            ? { projectId, trackId: track._id, versionId: analysing._id, label: analysing.label }
            : null
        }
        title={track.title}
        canEdit={canEdit}
        onClose={() => setAnalysing(null)}
      />
      <MasterDialog
        version={
          mastering
            ? { projectId, trackId: track._id, versionId: mastering._id, label: mastering.label }
            : null
        }
        trackTitle={track.title}
        onPlay={onPlayNow ?? onPlay}
        onClose={() => setMastering(null)}
      />
      {stemsOf && (
        <Suspense fallback={null}>
          <StemsDialog
            version={stemsOf}
            trackTitle={track.title}
            canEdit={canEdit}
            onClose={() => setStemsOf(null)}
            onChanged={onChanged}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete version?"
        description={
          deleting ? (
            <>
              <strong className="font-semibold text-text">{deleting.label}</strong> ({deleting.originalName})
              and its audio file will be deleted.
              {deleting.isCurrent ? ' The newest remaining version becomes current.' : ''} This cannot be
              undone.
            </>
          ) : null
        }
        confirmLabel="Delete Version"
        onConfirm={() => deleteVersion(projectId, track._id, deleting!._id)}
        onClose={() => setDeleting(null)}
        errorMessage={(error) => mediaErrorMessage(error, 'The delete failed')}
        onDone={() => {
          toast.notify('success', `${deleting?.label ?? 'The version'} was deleted`);
          onChanged();
        }}
      />
    </>
  );
}
