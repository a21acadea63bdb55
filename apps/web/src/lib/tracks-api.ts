// The track and version calls (packages/contract/src/media.ts), parsed with the shared contract: the tracks page,
// the share links, the version pickers and mastering read them.
import { envelope } from '@mixdesk/contract/envelope';
import {
  type CreateTrackInput,
  MediaTotalsSchema,
  PeaksResponseSchema,
  TRACKS_PER_PROJECT_MAX,
  TrackListResponseSchema,
  TrackResponseSchema,
  TrackSchema,
  type UpdateTrackInput,
  VersionListResponseSchema,
  VersionResponseSchema,
} from '@mixdesk/contract/media';
import { z } from 'zod';
import { api } from './api';
import { postUpload, type UploadProgress } from './upload';

/** One version of a track of a project: what its analysis and its master are asked of. */
export interface VersionRef {
  projectId: string;
  trackId: string;
  versionId: string;
}

const tracksPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/tracks`;
const trackPath = (projectId: string, trackId: string) =>
  `${tracksPath(projectId)}/${encodeURIComponent(trackId)}`;
const versionPath = (projectId: string, trackId: string, versionId: string) =>
  `${trackPath(projectId, trackId)}/versions/${encodeURIComponent(versionId)}`;

export async function fetchTracks(projectId: string, signal?: AbortSignal) {
  const res = await api.get(tracksPath(projectId), {
    query: { limit: TRACKS_PER_PROJECT_MAX },
    schema: TrackListResponseSchema,
    signal,
  });
  return res.data.tracks;
}

export async function createTrack(projectId: string, input: CreateTrackInput) {
  return (await api.post(tracksPath(projectId), input, { schema: TrackResponseSchema })).data.track;
}

export async function updateTrack(projectId: string, trackId: string, input: UpdateTrackInput) {
  return (await api.put(trackPath(projectId, trackId), input, { schema: TrackResponseSchema })).data.track;
}

export async function deleteTrack(projectId: string, trackId: string) {
  await api.delete(trackPath(projectId, trackId), {
    schema: envelope(z.object({ totals: MediaTotalsSchema })),
  });
}

export async function reorderTracks(projectId: string, trackIds: string[]) {
  const res = await api.put(
    `${tracksPath(projectId)}/order`,
    { trackIds },
    { schema: envelope(z.object({ tracks: z.array(TrackSchema) })) },
  );
  return res.data.tracks;
}

export async function fetchVersions(projectId: string, trackId: string, signal?: AbortSignal) {
  const res = await api.get(`${trackPath(projectId, trackId)}/versions`, {
    schema: VersionListResponseSchema,
    signal,
  });
  return res.data.versions;
}

export async function uploadVersion(
  projectId: string,
  trackId: string,
  file: File,
  fields: { label: string; makeCurrent: boolean },
  opts: { onProgress: (p: UploadProgress) => void; signal: AbortSignal },
) {
  // The file is the body, streamed to storage as it arrives; the fields travel in the query string.
  const query = new URLSearchParams({ makeCurrent: String(fields.makeCurrent) });
  if (fields.label.trim()) query.set('label', fields.label.trim());
  const res = await postUpload(`${trackPath(projectId, trackId)}/versions?${query}`, file, {
    ...opts,
    schema: VersionResponseSchema,
  });
  return res.data;
}

export async function renameVersion(projectId: string, trackId: string, versionId: string, label: string) {
  return (
    await api.put(versionPath(projectId, trackId, versionId), { label }, { schema: VersionResponseSchema })
  ).data;
}

export async function makeCurrentVersion(projectId: string, trackId: string, versionId: string) {
  return (
    await api.post(`${versionPath(projectId, trackId, versionId)}/current`, undefined, {
      schema: VersionResponseSchema,
    })
  ).data;
}

export async function deleteVersion(projectId: string, trackId: string, versionId: string) {
  await api.delete(versionPath(projectId, trackId, versionId), {
    schema: envelope(z.object({ track: TrackSchema, totals: MediaTotalsSchema })),
  });
}

/** `auth` false for a share link's peaks: a refusal there means the link, not an expired session. */
export async function fetchPeaks(peaksUrl: string, signal?: AbortSignal, auth = true) {
  return (await api.get(peaksUrl, { schema: PeaksResponseSchema, signal, auth })).data;
}
