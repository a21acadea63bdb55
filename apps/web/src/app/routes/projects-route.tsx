// /projects: the projects list, with the invitations feature's panel of invitations waiting for an answer.
import { InvitationsPanel } from '../../features/invitations/invitations-panel';
import { ProjectsPage } from '../../features/projects/projects-page';

export function ProjectsRoute() {
  return <ProjectsPage invitations={<InvitationsPanel />} />;
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ProjectsRoute as Component };
