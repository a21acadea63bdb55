// Picking tracks for a release from my projects: choose a project, then add its tracks one by one (a track
// already on the release says so).
import { useQuery } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { EMPTY_FILTERS, fetchProjects } from '../../lib/projects-api';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { catalogKeys, fetchProjectTracks } from './api';
import { errorText } from './errors';

export interface PickedTrack {
  projectId: string;
  projectName: string;
  trackId: string;
  title: string;
}

interface Props {
  /** The ids of the tracks already on the release. */
  chosen: ReadonlySet<string>;
  onPick: (track: PickedTrack) => void;
}

/** Every project of mine, page by page (the projects list's own call, so its code is shared, not copied). */
async function fetchMyProjects(signal?: AbortSignal) {
  const first = await fetchProjects(EMPTY_FILTERS, 1, signal);
  const projects = [...first.projects];
  for (let page = 2; page <= first.pagination.totalPages; page++)
    projects.push(...(await fetchProjects(EMPTY_FILTERS, page, signal)).projects);
  return projects;
}

export function TrackPicker({ chosen, onPick }: Props) {
  const [projectId, setProjectId] = useState('');
  const projects = useQuery({
    queryKey: [...catalogKeys.all, 'pick-projects'],
    queryFn: ({ signal }) => fetchMyProjects(signal),
  });
  const tracks = useQuery({
    queryKey: [...catalogKeys.all, 'pick-tracks', projectId],
    queryFn: ({ signal }) => fetchProjectTracks(projectId, signal),
    enabled: projectId !== '',
  });
  const project = projects.data?.find((p) => p._id === projectId);

  if (projects.isPending) return <Skeleton className="h-9 w-full" />;
  if (projects.isError)
    return (
      <p className="text-sm text-danger">{errorText(projects.error, 'Your projects could not be loaded')}</p>
    );
  if (projects.data.length === 0)
    return (
      <p className="text-sm text-muted">
        Make a project with tracks first: a release is made of their recordings.
      </p>
    );
  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed border-border p-3">
      <Field label="Add tracks from project">
        {(control) => (
          <Select {...control} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">Choose a project…</option>
            {projects.data.map((p) => (
              <option key={p._id} value={p._id}>
                {p.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {projectId !== '' &&
        (tracks.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : tracks.isError ? (
          <p className="text-sm text-danger">{errorText(tracks.error, 'The tracks could not be loaded')}</p>
        ) : tracks.data.length === 0 ? (
          <p className="text-sm text-muted">This project has no tracks yet.</p>
        ) : (
          <ul
            aria-label={`Tracks of ${project?.title ?? 'the project'}`}
            className="flex flex-col divide-y divide-border"
          >
            {tracks.data.map((t) => {
              const on = chosen.has(t._id);
              return (
                <li key={t._id} className="flex items-center justify-between gap-2 py-1.5">
                  <span className="min-w-0 text-sm break-words">{t.title}</span>
                  <Button
                    size="sm"
                    disabled={on}
                    aria-label={on ? `${t.title} is on the release` : `Add ${t.title}`}
                    onClick={() =>
                      onPick({ projectId, projectName: project?.title ?? '', trackId: t._id, title: t.title })
                    }
                  >
                    {on ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
                    {on ? 'Added' : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
        ))}
    </div>
  );
}
