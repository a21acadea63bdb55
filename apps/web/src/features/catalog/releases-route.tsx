// /releases and /releases/:id (new or a release's id) as one route whose code is only this file: the router's
// entry for it, which is part of the first load, then names one chunk (decision 012: the first load's budget).
// The screens themselves are fetched when shown.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

const ReleasesPage = lazy(() => import('./releases-page').then((m) => ({ default: m.ReleasesPage })));
const ReleaseEditorPage = lazy(() =>
  import('./release-editor-page').then((m) => ({ default: m.ReleaseEditorPage })),
);

export function Component() {
  const { id } = useParams();
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted">
          Loading releases...
        </p>
      }
    >
      {id ? <ReleaseEditorPage key={id} /> : <ReleasesPage />}
    </Suspense>
  );
}
