// /projects/:id/tracks: the tracks page, with the analysis and mastering features' dialogs on each version and
// the catalog feature's Credits tab on each track (its code loaded when the tab is first opened).
import { lazy, Suspense } from 'react';
import { AnalysisDialog } from '../../features/analysis/analysis-dialog';
import { MasterDialog } from '../../features/mastering/master-dialog';
import type { CreditsTabProps } from '../../features/projects/tracks/track-tabs';
import { TracksPage } from '../../features/projects/tracks/tracks-page';

const VERSION_DIALOGS = { Analysis: AnalysisDialog, Master: MasterDialog };

const CreditsPanel = lazy(() =>
  import('../../features/catalog/credits-panel').then((m) => ({ default: m.CreditsPanel })),
);

function Credits(props: CreditsTabProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted">
          Loading credits...
        </p>
      }
    >
      <CreditsPanel {...props} />
    </Suspense>
  );
}

export function TracksRoute() {
  return <TracksPage versionDialogs={VERSION_DIALOGS} credits={Credits} />;
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { TracksRoute as Component };
