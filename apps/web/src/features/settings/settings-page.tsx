// /settings (SPEC §2 Settings). The settings cards arrive with the settings issue.
import { PageHeader } from '../../ui/page-header';

export function SettingsPage() {
  return <PageHeader title="Settings" />;
}
