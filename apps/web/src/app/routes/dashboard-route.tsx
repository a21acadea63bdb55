// /: the dashboard, with the analysis and mastering features' version pickers behind its Quick Actions.
import { VersionPickerDialog } from '../../features/analysis/version-picker-dialog';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { MasterPickerDialog } from '../../features/mastering/master-picker-dialog';

const PICKERS = { Analysis: VersionPickerDialog, Mastering: MasterPickerDialog };

export function DashboardRoute() {
  return <DashboardPage pickers={PICKERS} />;
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { DashboardRoute as Component };
