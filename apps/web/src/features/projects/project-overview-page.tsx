// /projects/:id (Overview tab): every detail, editable by editors; tags; collaborators; and for the owner, delete.
import type { Project } from '@mixdesk/contract/project-responses';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectKeys } from '../../lib/projects-api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useToast } from '../../ui/toast';
import { DeleteProjectDialog } from './delete-project-dialog';
import { CollaboratorsCard } from './overview/collaborators-card';
import { DetailsCard } from './overview/details-card';
import { ProjectActivity } from './overview/project-activity';
import { TagsCard } from './overview/tags-card';
import { useProjectOutlet } from './project-layout';
import { useProjectSaved } from './use-project';

export function ProjectOverviewPage() {
  const { project } = useProjectOutlet();
  const saved = useProjectSaved();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Project | null>(null);
  const forget = () => {
    queryClient.removeQueries({ queryKey: projectKeys.detail(project._id) });
    void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
  };

  return (
    <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
      <div className="flex min-w-0 flex-col gap-5">
        <DetailsCard project={project} onSaved={saved} />
        <TagsCard project={project} onSaved={saved} />
        <ProjectActivity project={project} />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <CollaboratorsCard project={project} onSaved={saved} onLeft={forget} />
        {project.access === 'owner' && (
          <Card className="border-danger/40">
            <CardHeader>
              <CardTitle>Delete project</CardTitle>
              <CardDescription>
                Deletes its tracks, every version and all stored files, for everyone.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="danger" onClick={() => setDeleting(project)}>
                <Trash2 aria-hidden="true" />
                Delete Project
              </Button>
            </CardContent>
          </Card>
        )}
      </div>
      <DeleteProjectDialog
        project={deleting}
        demo={false}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          toast.notify('success', `${project.title} was deleted`);
          navigate('/projects', { replace: true });
          // After the page has gone, so it does not try to load the deleted project again.
          setTimeout(forget, 0);
        }}
      />
    </div>
  );
}

/** The router's `lazy` takes the module's `Component` (one name for every lazily loaded screen). */
export { ProjectOverviewPage as Component };
