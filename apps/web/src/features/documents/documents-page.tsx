// /documents (SPEC §2 Documents). Generation, the list and filters arrive with the documents issue.
import { PageHeader } from '../../ui/page-header';

export function DocumentsPage() {
  return <PageHeader title="Documents" />;
}
