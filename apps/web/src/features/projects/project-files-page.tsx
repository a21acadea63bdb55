// /projects/:id/files. File management arrives with the projects issue.
import { PageHeader } from '../../ui/page-header';

export function ProjectFilesPage() {
  return <PageHeader title="Files" />;
}
