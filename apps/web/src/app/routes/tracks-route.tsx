// /projects/:id/tracks: the tracks page, with the analysis and mastering features' dialogs on each version.
import { AnalysisDialog } from '../../features/analysis/analysis-dialog';
import { MasterDialog } from '../../features/mastering/master-dialog';
import { TracksPage } from '../../features/projects/tracks/tracks-page';

const VERSION_DIALOGS = { Analysis: AnalysisDialog, Master: MasterDialog };

export function TracksRoute() {
  return <TracksPage versionDialogs={VERSION_DIALOGS} />;
}
