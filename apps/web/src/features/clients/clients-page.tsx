// /clients (SPEC §2 Clients). The client list and form arrive with the clients issue.
import { PageHeader } from '../../ui/page-header';

export function ClientsPage() {
  return <PageHeader title="Clients" />;
}
