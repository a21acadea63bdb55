// / (SPEC §2 Dashboard). The stat cards, quick actions and lists arrive with the dashboard issue.
import { PageHeader } from '../../ui/page-header';

export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
