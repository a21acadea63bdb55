// /projects/:id/tracks. Track management arrives with the projects issue.
import { PageHeader } from '../../ui/page-header';

export function ProjectTracksPage() {
  return <PageHeader title="Tracks" />;
}
