// The version pickers' form (the dashboard's audio analysis and loudness mastering): find a project, choose
// one of its tracks and one of that track's versions (the current one unless another is chosen).
import type { Project } from '@mixdesk/contract/project-responses';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { mediaKeys } from '../lib/media-keys';
import { EMPTY_FILTERS, fetchProjects, projectKeys } from '../lib/projects-api';
import { fetchTracks, fetchVersions } from '../lib/tracks-api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';

export interface Picked {
  project: Project;
  trackId: string;
  trackTitle: string;
  versionId: string;
  versionLabel: string;
}

/** Project, track and version selects; `editableOnly` leaves out projects I may only view. */
export function PickerForm({
  intro,
  submitLabel,
  editableOnly = false,
  onPick,
}: {
  intro: string;
  submitLabel: string;
  editableOnly?: boolean;
  onPick: (picked: Picked) => void;
}) {
  const [search, setSearch] = useState('');
  const [projectId, setProjectId] = useState('');
  const [trackId, setTrackId] = useState('');
  const [versionId, setVersionId] = useState('');
  const filters = { ...EMPTY_FILTERS, search: useDebouncedValue(search, 300) };
  const projects = useQuery({
    queryKey: projectKeys.list(filters, 1),
    queryFn: ({ signal }) => fetchProjects(filters, 1, signal),
  });
  const tracks = useQuery({
    queryKey: mediaKeys.tracks(projectId),
    queryFn: ({ signal }) => fetchTracks(projectId, signal),
    enabled: projectId !== '',
  });
  const versions = useQuery({
    queryKey: mediaKeys.versions(projectId, trackId),
    queryFn: ({ signal }) => fetchVersions(projectId, trackId, signal),
    enabled: projectId !== '' && trackId !== '',
  });

  const projectList = (projects.data?.projects ?? []).filter((p) => !editableOnly || p.access !== 'view');
  const trackList = tracks.data ?? [];
  const versionList = versions.data ?? [];
  const project = projectList.find((p) => p._id === projectId);
  const track = trackList.find((t) => t._id === trackId);
  // The track's current version unless another is chosen.
  const version =
    versionList.find((v) => v._id === versionId) ??
    versionList.find((v) => v.isCurrent) ??
    versionList[0] ??
    null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (project && track && version)
      onPick({
        project,
        trackId: track._id,
        trackTitle: track.title,
        versionId: version._id,
        versionLabel: version.label,
      });
  };
  const hint = (query: { isPending: boolean; isError: boolean }, empty: boolean, none: string) =>
    query.isError
      ? 'Could not load the list; close and try again.'
      : !query.isPending && empty
        ? none
        : undefined;

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{intro}</p>
      <Field label="Find a project">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={search}
            placeholder="Project title"
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Project"
        hint={hint(
          projects,
          projectList.length === 0,
          editableOnly ? 'No project you can edit matches.' : 'No project matches.',
        )}
      >
        {(control) => (
          <Select
            {...control}
            value={projectId}
            onChange={(e) => {
              setProjectId(e.target.value);
              setTrackId('');
              setVersionId('');
            }}
          >
            <option value="">{projects.isPending ? 'Loading projects...' : 'Choose a project'}</option>
            {projectList.map((p) => (
              <option key={p._id} value={p._id}>
                {p.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Track"
        hint={projectId ? hint(tracks, trackList.length === 0, 'This project has no tracks yet.') : undefined}
      >
        {(control) => (
          <Select
            {...control}
            value={trackId}
            disabled={!projectId}
            onChange={(e) => {
              setTrackId(e.target.value);
              setVersionId('');
            }}
          >
            <option value="">{projectId && tracks.isPending ? 'Loading tracks...' : 'Choose a track'}</option>
            {trackList.map((t) => (
              <option key={t._id} value={t._id} disabled={t.versionCount === 0}>
                {t.position}. {t.title}
                {t.versionCount === 0 ? ' (no audio yet)' : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Version">
        {(control) => (
          <Select
            {...control}
            value={version?._id ?? ''}
            disabled={!version}
            onChange={(e) => setVersionId(e.target.value)}
          >
            {!version && <option value="">{trackId ? 'Loading versions...' : 'Choose a track first'}</option>}
            {versionList.map((v) => (
              <option key={v._id} value={v._id}>
                {v.label}
                {v.isCurrent ? ' (current)' : ''}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" variant="primary" className="self-end" disabled={!version}>
        {submitLabel}
      </Button>
    </form>
  );
}
