// /releases/new and /releases/:id: a release's fields and ordered tracks (Save), and once it exists its artwork,
// the readiness check (read again after each save) and its files; Delete asks first.
import type { Release } from '@mixdesk/contract/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RotateCw, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useToast } from '../../ui/toast';
import { catalogKeys, createRelease, deleteRelease, fetchRelease, updateRelease } from './api';
import { errorText, fieldErrors } from './errors';
import { ReleaseArtwork } from './release-artwork';
import { ReleaseFields } from './release-fields';
import {
  EMPTY_RELEASE,
  type ReleaseValues,
  releaseErrorsOf,
  releaseInputOf,
  releaseValuesOf,
} from './release-model';
import { ReleaseDownloads, ReleaseReadiness } from './release-readiness';
import { ReleaseTracks } from './release-tracks';

export function ReleaseEditorPage() {
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const release = useQuery({
    queryKey: catalogKeys.release(id),
    queryFn: ({ signal }) => fetchRelease(id, signal),
    enabled: !creating,
  });
  if (creating) return <ReleaseEditor key="new" release={null} />;
  if (release.isPending)
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          Loading the release...
        </p>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (release.isError)
    return (
      <Alert
        type="error"
        title="This release could not be opened"
        action={
          <Button size="sm" onClick={() => release.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        }
      >
        {errorText(release.error, 'Failed to load the release')}
      </Alert>
    );
  return <ReleaseEditor key={release.data._id} release={release.data} />;
}

function ReleaseEditor({ release }: { release: Release | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ReleaseValues>(() =>
    release ? releaseValuesOf(release) : EMPTY_RELEASE,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const change = (patch: Partial<ReleaseValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty(true);
  };
  const stored = (saved: Release) => {
    queryClient.setQueryData(catalogKeys.release(saved._id), saved);
    void queryClient.invalidateQueries({ queryKey: catalogKeys.releases });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.readiness(saved._id) });
  };
  const save = useMutation({
    mutationFn: () =>
      release ? updateRelease(release._id, releaseInputOf(values)) : createRelease(releaseInputOf(values)),
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      stored(saved);
      setDirty(false);
      toast.notify('success', `${saved.title} was saved`);
      if (!release) void navigate(`/releases/${saved._id}`, { replace: true });
      else setValues(releaseValuesOf(saved));
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local = releaseErrorsOf(values);
    if (Object.keys(local).length > 0) return setErrors(local);
    save.mutate();
  };

  return (
    <div>
      <Link to="/releases" className="mb-2 inline-flex items-center gap-1 text-sm text-muted hover:text-text">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Releases
      </Link>
      <PageHeader
        title={release ? release.title : 'New release'}
        actions={
          release && (
            <Button variant="ghost" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )
        }
      />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
        <Card>
          <CardContent>
            <form aria-label="Release" className="flex flex-col gap-5" onSubmit={submit}>
              <ReleaseFields values={values} onChange={change} errors={errors} />
              <ReleaseTracks rows={values.tracks} onChange={(tracks) => change({ tracks })} errors={errors} />
              {save.isError && (
                <Alert type="error">{errorText(save.error, 'The release could not be saved')}</Alert>
              )}
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" variant="primary" loading={save.isPending}>
                  <Save aria-hidden="true" />
                  {release ? 'Save' : 'Create release'}
                </Button>
                {dirty && <span className="text-sm text-muted">Unsaved changes</span>}
              </div>
            </form>
          </CardContent>
        </Card>
        {release ? (
          <Card>
            <CardContent className="flex flex-col gap-5">
              <ReleaseReadiness releaseId={release._id} />
              <ReleaseArtwork release={release} onChanged={stored} />
              <ReleaseDownloads releaseId={release._id} />
            </CardContent>
          </Card>
        ) : (
          <p className="text-sm text-muted">
            Once the release is created, add its artwork here and see what it still needs before delivery.
          </p>
        )}
      </div>
      {release && (
        <ConfirmDialog
          open={deleting}
          title="Delete release?"
          description={
            <>
              <strong className="font-semibold text-text">{release.title}</strong> and its artwork will be
              deleted. Its tracks, recordings and works stay.
            </>
          }
          confirmLabel="Delete Release"
          onConfirm={() => deleteRelease(release._id)}
          onClose={() => setDeleting(false)}
          errorMessage={(error) => errorText(error, 'The delete failed')}
          onDone={() => {
            queryClient.removeQueries({ queryKey: catalogKeys.release(release._id) });
            void queryClient.invalidateQueries({ queryKey: catalogKeys.releases });
            toast.notify('success', `${release.title} was deleted`);
            void navigate('/releases');
          }}
        />
      )}
    </div>
  );
}
