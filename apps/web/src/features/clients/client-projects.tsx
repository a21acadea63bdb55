// The projects linked to a client, in the edit form: their statuses drive the client's project counts. Link one
// of your projects or unlink one; each change is saved at once.
import type { Client, ClientProject } from '@mixdesk/contract/client-responses';
import { enumLabel } from '@mixdesk/contract/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { clientKeys, fetchClientProjects, linkProject, unlinkProject } from './api';

interface Props {
  client: Client;
  onChanged: (client: Client) => void;
}

export function ClientProjects({ client, onChanged }: Props) {
  const headingId = useId();
  const selectId = useId();
  const queryClient = useQueryClient();
  const key = clientKeys.projects(client._id);
  const projects = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchClientProjects(client._id, signal),
  });
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function change(projectId: string, action: 'link' | 'unlink') {
    setBusy(projectId);
    setError(null);
    try {
      const updated =
        action === 'link'
          ? await linkProject(client._id, projectId)
          : await unlinkProject(client._id, projectId);
      setChosen('');
      await queryClient.invalidateQueries({ queryKey: key });
      onChanged(updated);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to update the linked projects');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-border pt-5">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
        Linked projects
      </h3>
      {error && <Alert type="error">{error}</Alert>}
      {projects.isPending ? (
        <Spinner label="Loading projects" />
      ) : projects.isError ? (
        <Alert type="error">Failed to load the projects</Alert>
      ) : (
        <>
          {projects.data.linked.length === 0 ? (
            <p className="text-sm text-muted">No projects are linked to this client yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
              {projects.data.linked.map((p) => (
                <LinkedRow
                  key={p._id}
                  project={p}
                  busy={busy === p._id}
                  onUnlink={() => change(p._id, 'unlink')}
                />
              ))}
            </ul>
          )}
          {projects.data.available.length > 0 && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={selectId} className="text-sm font-medium">
                Link a project
              </label>
              <div className="flex gap-2">
                <Select
                  id={selectId}
                  className="flex-1"
                  value={chosen}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  <option value="">Choose one of your projects</option>
                  {projects.data.available.map((p) => (
                    <option key={p._id} value={p._id}>
                      {p.title}
                      {p.clientName ? ` (now: ${p.clientName})` : ''}
                    </option>
                  ))}
                </Select>
                <Button
                  disabled={!chosen}
                  loading={busy === chosen && chosen !== ''}
                  onClick={() => change(chosen, 'link')}
                >
                  <Link2 aria-hidden="true" />
                  Link
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function LinkedRow({
  project,
  busy,
  onUnlink,
}: {
  project: ClientProject;
  busy: boolean;
  onUnlink: () => void;
}) {
  return (
    <li className="flex items-center gap-2 px-3 py-2">
      <Link
        to={`/projects/${encodeURIComponent(project._id)}`}
        className="min-w-0 flex-1 truncate text-sm hover:text-accent"
      >
        {project.title}
      </Link>
      <Badge>{enumLabel(project.status)}</Badge>
      <Button
        size="sm"
        variant="ghost"
        loading={busy}
        aria-label={`Unlink ${project.title}`}
        onClick={onUnlink}
      >
        <Unlink aria-hidden="true" />
        Unlink
      </Button>
    </li>
  );
}
