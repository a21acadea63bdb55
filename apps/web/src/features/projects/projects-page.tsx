// /projects (SPEC §2 Projects list). The list, filters and project form arrive with the projects issue.
import { PageHeader } from '../../ui/page-header';

export function ProjectsPage() {
  return <PageHeader title="Projects" />;
}
