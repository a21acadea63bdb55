// /projects/:id. The project view arrives with the projects issue.
import { PageHeader } from '../../ui/page-header';

export function ProjectPage() {
  return <PageHeader title="Project" />;
}
