// /con-test (SPEC §2 Connection Test Dashboard). The diagnostics arrive with the diagnostics issue.
import { PageHeader } from '../../ui/page-header';

export function ConTestPage() {
  return <PageHeader title="Connection Test Dashboard" />;
}
