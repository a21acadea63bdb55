// /projects (SPEC §2 Projects list): title with the count, New Project, filters, the card grid, pagination,
// the empty state, the 'Connection Error' and 'Demo Mode Active' banners and the skeleton loader; above them,
// the invitations waiting for my answer (issue #20), only with a session (demo mode calls nothing). That panel is
// the invitations feature's: the route (app/) hands it in.
import type { Project } from '@mixdesk/contract/project-responses';
import { FolderPlus, Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHadToken } from '../../lib/use-list-with-demo';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DemoModeAlert } from '../../ui/demo-mode-alert';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { Spinner } from '../../ui/spinner';
import { DeleteProjectDialog } from './delete-project-dialog';
import { plural } from './format';
import { ProjectCard } from './project-card';
import { ProjectFilters } from './project-filters';
import { ProjectFormDialog } from './project-form-dialog';
import { ProjectGridSkeleton } from './project-grid-skeleton';
import { useProjectsList } from './use-projects-list';

/** Anything in the app can open the new-project form (the dashboard's quick action, say). */
export const OPEN_NEW_PROJECT_FORM = 'open-new-project-form';
/** /projects?new=1 opens the new-project form too; the parameter then leaves the address. */
const NEW_PARAM = 'new';

type Form = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; project: Project };

/** `invitations`: the panel of invitations waiting for my answer, shown above the list with a session. */
export function ProjectsPage({ invitations }: { invitations?: ReactNode }) {
  const list = useProjectsList();
  const [form, setForm] = useState<Form>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Project | null>(null);
  const demo = list.mode === 'demo';
  const hasToken = useHadToken();

  useEffect(() => {
    const open = () => setForm({ mode: 'create' });
    window.addEventListener(OPEN_NEW_PROJECT_FORM, open);
    return () => window.removeEventListener(OPEN_NEW_PROJECT_FORM, open);
  }, []);

  const [searchParams, setSearchParams] = useSearchParams();
  const askedForNew = searchParams.get(NEW_PARAM) === '1';
  useEffect(() => {
    if (!askedForNew) return;
    setForm({ mode: 'create' });
    // Replace, so Back does not open the form again.
    setSearchParams(
      (params) => {
        params.delete(NEW_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [askedForNew, setSearchParams]);

  const total = list.pagination?.totalProjects ?? 0;
  const counted = list.mode === 'loaded' || demo;
  const description = counted ? (
    <span className="flex items-center gap-2">
      {demo ? plural(total, 'sample project') : plural(total, 'project')}
      {list.refreshing && <Spinner size="sm" label="Updating the list" />}
    </span>
  ) : list.mode === 'loading' ? (
    'Loading projects...'
  ) : null;

  return (
    <>
      <PageHeader
        title="Projects"
        description={description}
        actions={
          <Button variant="primary" onClick={() => setForm({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            New Project
          </Button>
        }
      />
      {demo && (
        <DemoModeAlert title="Demo mode: these are sample projects, not yours">
          This browser has no sign-in token, so Mixdesk shows examples: they have no pages to open, and what
          you change here is not saved. Sign in again to see and manage your real projects.
        </DemoModeAlert>
      )}
      {hasToken && !demo && invitations}
      {list.mode === 'error' && (
        <Alert
          type="error"
          title="Connection Error"
          className="mb-4"
          action={
            <Button size="sm" onClick={list.retry}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          }
        >
          {list.errorMessage}
        </Alert>
      )}
      <ProjectFilters value={list.filters} onChange={list.setFilters} />
      {list.mode === 'loading' ? (
        <ProjectGridSkeleton />
      ) : list.projects.length === 0 ? (
        <EmptyState filtered={list.filtersActive} onCreate={() => setForm({ mode: 'create' })} />
      ) : (
        <section aria-label="Projects" aria-busy={list.refreshing || undefined}>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.projects.map((project) => (
              <li key={project._id} className="flex min-w-0">
                <div className="flex w-full min-w-0 flex-col *:flex-1">
                  <ProjectCard
                    project={project}
                    sample={demo}
                    onEdit={(p) => setForm({ mode: 'edit', project: p })}
                    onDelete={setDeleting}
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={list.pagination?.currentPage ?? 1}
            totalPages={list.pagination?.totalPages ?? 1}
            onPage={(page) => {
              list.setPage(page);
              window.scrollTo({ top: 0 });
            }}
          />
        </section>
      )}
      <ProjectFormDialog
        open={form.mode !== 'closed'}
        onOpenChange={(open) => !open && setForm({ mode: 'closed' })}
        project={form.mode === 'edit' ? form.project : undefined}
        demo={demo}
        onSaved={(saved) => (form.mode === 'edit' ? list.changed(saved) : list.added(saved))}
      />
      <DeleteProjectDialog
        project={deleting}
        onClose={() => setDeleting(null)}
        demo={demo}
        onDeleted={list.removed}
      />
    </>
  );
}

function EmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border-strong px-6 py-14 text-center">
      <FolderPlus aria-hidden="true" className="size-8 text-muted" />
      <h2 className="text-lg font-semibold">No projects found</h2>
      <p className="max-w-sm text-base text-muted">
        {filtered
          ? 'Nothing matches this search and these filters. Try other words or clear the filters.'
          : 'Projects hold your tracks, versions and files. Start one for your next record.'}
      </p>
      <Button variant="primary" onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create Your First Project
      </Button>
    </div>
  );
}
