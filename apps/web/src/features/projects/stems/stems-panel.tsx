// A version's stems (issue #36): added many at once (files, a folder, or dropped here), each uploaded
// resumably with its progress; the null test; the mixer that plays them with the mix, each with Mute and
// Solo; rename, role, replace and delete; and the version's package, "Download all".
import type { TrackVersion } from '@mixdesk/contract/media';
import type { Stem } from '@mixdesk/contract/stems';
import { FolderDown, Layers, RotateCw } from 'lucide-react';
import { type DragEvent, useEffect, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { useToast } from '../../../ui/toast';
import { plural } from '../format';
import { droppedFiles, pathOf } from '../media/dropped-files';
import { mediaErrorMessage } from '../media/media-errors';
import { UploadList } from '../media/upload-list';
import { useUploadQueue } from '../media/use-upload-queue';
import { NullTestBox } from './null-test-box';
import { versionPackageUrl } from './package-links';
import { pickStemFiles } from './stem-files';
import { StemItem } from './stem-item';
import { StemPickers } from './stem-pickers';
import { StemsMixer } from './stems-mixer';
import { startStemReplace, startStemUpload } from './upload-stems';
import { useStems } from './use-stems';

export function StemsPanel({
  version,
  trackTitle,
  canEdit,
  onChanged,
}: {
  version: TrackVersion;
  trackTitle: string;
  canEdit: boolean;
  /** The project's figures (stored bytes) changed. */
  onChanged: () => void;
}) {
  const ref = { projectId: version.projectId, trackId: version.trackId, versionId: version._id };
  const stems = useStems(ref);
  const uploads = useUploadQueue('Failed to upload the stem');
  const toast = useToast();
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<Stem | null>(null);

  const uploaded = () => {
    void stems.refresh();
    onChanged();
  };
  const add = (files: File[]) => {
    const picked = pickStemFiles(files);
    setSkipped(picked.skipped.map(pathOf));
    if (picked.stems.length > 0)
      uploads.add(picked.stems, (file, opts) => startStemUpload(file, ref, opts), uploaded);
  };
  const replace = (stem: Stem, file: File) =>
    uploads.add([file], (f, opts) => startStemReplace(f, ref, stem._id, opts), uploaded);
  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) add(await droppedFiles(event.dataTransfer));
  };

  // Once nothing is sending, the stems that arrived are rows of the list: their finished uploads go (a failed
  // one stays, with its reason, until dismissed).
  const { items, active, dismiss } = uploads;
  useEffect(() => {
    if (active) return;
    for (const item of items) if (item.state === 'done') dismiss(item.id);
  }, [active, items, dismiss]);

  const data = stems.query.data;
  return (
    <section
      aria-label={`Stems of ${version.label}`}
      className={cn(
        'flex flex-col gap-4 rounded-md',
        dragging && 'outline-2 outline-offset-4 outline-accent outline-dashed',
      )}
      data-testid="stems-panel"
      onDragOver={(event) => {
        if (!canEdit) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void drop(event)}
    >
      <div className="flex flex-wrap items-center gap-2">
        {canEdit && <StemPickers onFiles={add} />}
        <a
          href={versionPackageUrl(ref)}
          download
          className={buttonClasses({ variant: 'secondary', className: 'sm:ml-auto' })}
          aria-label={`Download all of ${version.label}: the mix, its stems, markers and checksums (ZIP)`}
        >
          <FolderDown aria-hidden="true" />
          Download all
        </a>
      </div>
      {skipped.length > 0 && (
        <Alert type="warning" onDismiss={() => setSkipped([])}>
          Left out, not audio: {skipped.join(', ')}
        </Alert>
      )}
      <UploadList
        items={uploads.items}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
        onPause={uploads.pause}
        onResume={uploads.resume}
      />
      {stems.query.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            Loading stems...
          </p>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : stems.query.isError ? (
        <Alert
          type="error"
          action={
            <Button size="sm" onClick={() => void stems.query.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {mediaErrorMessage(stems.query.error, 'Failed to load the stems')}
        </Alert>
      ) : data && data.stems.length > 0 ? (
        <>
          <NullTestBox
            test={data.nullTest}
            progress={stems.progress}
            canEdit={canEdit}
            onRun={() => stems.rerun.mutate()}
            running={stems.rerun.isPending}
            runError={stems.rerun.isError ? stems.rerun.error : null}
          />
          <section aria-labelledby="stems-mixer-title" className="flex flex-col gap-2">
            <h3 id="stems-mixer-title" className="text-base font-semibold">
              Stems <span className="font-normal text-muted">({data.stems.length})</span>
            </h3>
            {data.stems.length >= data.limit && (
              <p className="text-sm text-muted">
                This version holds the most stems it can ({plural(data.limit, 'stem')}): delete one to add
                another.
              </p>
            )}
            <StemsMixer
              version={version}
              trackTitle={trackTitle}
              stems={data.stems}
              renderStem={(stem) => (
                <StemItem
                  stem={stem}
                  canEdit={canEdit}
                  onSave={(change) => stems.update.mutateAsync({ stemId: stem._id, ...change })}
                  onReplace={(file) => replace(stem, file)}
                  onDelete={() => setDeleting(stem)}
                />
              )}
            />
          </section>
        </>
      ) : (
        <EmptyStems canEdit={canEdit} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete stem?"
        description={
          deleting ? (
            <>
              <strong className="font-semibold text-text">{deleting.name}</strong> and its audio file will be
              deleted, and the null test runs again without it. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete Stem"
        onConfirm={() => stems.remove(deleting!._id)}
        onClose={() => setDeleting(null)}
        errorMessage={(error) => mediaErrorMessage(error, 'The delete failed')}
        onDone={() => {
          toast.notify('success', `${deleting?.name ?? 'The stem'} was deleted`);
          uploaded();
        }}
      />
    </section>
  );
}

function EmptyStems({ canEdit }: { canEdit: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border-strong px-4 py-10 text-center">
      <Layers aria-hidden="true" className="size-8 text-subtle" />
      <p className="text-lg font-semibold">No stems yet</p>
      <p className="max-w-md text-base text-muted">
        Stems are the parts this mix was made of (drums, bass, vocals…), which the mastering engineer, a sync
        agent or the label ask for. Kept here, they travel with the mix: the null test checks that they add up
        to it, and Download all packs them with it.
      </p>
      <p className="max-w-md text-sm text-muted">
        {canEdit
          ? 'Drop the files or their folder here, or choose them with Add Stems or Add Folder.'
          : 'Nobody has added stems to this version yet.'}
      </p>
    </div>
  );
}
