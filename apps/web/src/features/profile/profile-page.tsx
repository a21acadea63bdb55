// /profile (SPEC §2 Profile). The profile form and tabs arrive with the profile issue.
import { PageHeader } from '../../ui/page-header';

export function ProfilePage() {
  return <PageHeader title="Profile" />;
}
