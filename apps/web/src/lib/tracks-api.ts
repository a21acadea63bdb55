// The track and version calls (packages/contract/src/routes/media.ts), parsed with the shared contract: the
// tracks page, the share links, the version pickers and mastering read them.
import {
  type CreateTrackInput,
  PeaksResponseSchema,
  TRACKS_PER_PROJECT_MAX,
  type UpdateTrackInput,
} from '@mixdesk/contract/media';
import { trackRoutes as routes } from '@mixdesk/contract/routes/media';
import { api } from './api';
import { call } from './call';

/** One version of a track of a project: what its analysis and its master are asked of. */
export interface VersionRef {
  projectId: string;
  trackId: string;
  versionId: string;
}

export async function fetchTracks(projectId: string, signal?: AbortSignal) {
  const query = { limit: TRACKS_PER_PROJECT_MAX };
  return (await call(routes.list, { params: { id: projectId }, query }, { signal })).data.tracks;
}

export async function createTrack(projectId: string, input: CreateTrackInput) {
  return (await call(routes.create, { params: { id: projectId }, body: input })).data.track;
}

export async function updateTrack(projectId: string, trackId: string, input: UpdateTrackInput) {
  return (await call(routes.update, { params: { id: projectId, trackId }, body: input })).data.track;
}

export async function deleteTrack(projectId: string, trackId: string) {
  await call(routes.remove, { params: { id: projectId, trackId } });
}

export async function reorderTracks(projectId: string, trackIds: string[]) {
  return (await call(routes.reorder, { params: { id: projectId }, body: { trackIds } })).data.tracks;
}

export async function fetchVersions(projectId: string, trackId: string, signal?: AbortSignal) {
  return (await call(routes.versions, { params: { id: projectId, trackId } }, { signal })).data.versions;
}

export async function renameVersion(projectId: string, trackId: string, versionId: string, label: string) {
  return (
    await call(routes.renameVersion, { params: { id: projectId, trackId, versionId }, body: { label } })
  ).data;
}

export async function makeCurrentVersion(projectId: string, trackId: string, versionId: string) {
  return (await call(routes.makeCurrent, { params: { id: projectId, trackId, versionId } })).data;
}

export async function deleteVersion(projectId: string, trackId: string, versionId: string) {
  await call(routes.removeVersion, { params: { id: projectId, trackId, versionId } });
}

/**
 * `peaksUrl` is the one a version's answer gives (a share link's, or the project's `routes.peaks`). `auth`
 * false for a share link's peaks: a refusal there means the link, not an expired session.
 */
export async function fetchPeaks(peaksUrl: string, signal?: AbortSignal, auth = true) {
  return (await api.get(peaksUrl, { schema: PeaksResponseSchema, signal, auth })).data;
}
