// The catalog's calls (works, a track's recording, releases, the calendar feed, my clients to name as parties),
// through the contract's routes, and their query keys. Raw bodies (artwork, CSV) go through the API client as they are.
import type { RecordingInput, ReleaseInput, WorkInput } from '@mixdesk/contract/catalog';
import { fillPath } from '@mixdesk/contract/routes';
import { calendarRoutes, recordingRoutes, releaseRoutes, workRoutes } from '@mixdesk/contract/routes/catalog';
import { clientRoutes } from '@mixdesk/contract/routes/clients';
import { api } from '../../lib/api';
import { call } from '../../lib/call';
import { fetchTracks } from '../../lib/tracks-api';

export const catalogKeys = {
  all: ['catalog'] as const,
  works: ['catalog', 'works'] as const,
  work: (id: string) => ['catalog', 'work', id] as const,
  recording: (projectId: string, trackId: string) => ['catalog', 'recording', projectId, trackId] as const,
  releases: ['catalog', 'releases'] as const,
  release: (id: string) => ['catalog', 'release', id] as const,
  readiness: (id: string) => ['catalog', 'readiness', id] as const,
  calendar: ['catalog', 'calendar'] as const,
  clients: ['catalog', 'clients'] as const,
};

export const fetchWorks = async (signal?: AbortSignal) =>
  (await call(workRoutes.list, {}, { signal })).data.works;
export const fetchWork = async (id: string, signal?: AbortSignal) =>
  (await call(workRoutes.get, { params: { id } }, { signal })).data.work;
export const createWork = async (body: WorkInput) => (await call(workRoutes.create, { body })).data.work;
export const updateWork = async (id: string, body: WorkInput) =>
  (await call(workRoutes.update, { params: { id }, body })).data.work;
export const requestWorkAgreement = async (id: string) =>
  (await call(workRoutes.agreement, { params: { id } })).data.agreement;
export const workSplitSheetUrl = (id: string) => fillPath(workRoutes.splitSheet.path, { id });

export interface TrackRef {
  projectId: string;
  trackId: string;
}
const trackParams = (t: TrackRef) => ({ id: t.projectId, trackId: t.trackId });

export const fetchRecording = async (t: TrackRef, signal?: AbortSignal) =>
  (await call(recordingRoutes.get, { params: trackParams(t) }, { signal })).data.recording;
export const updateRecording = async (t: TrackRef, body: RecordingInput) =>
  (await call(recordingRoutes.update, { params: trackParams(t), body })).data.recording;
export const requestRecordingAgreement = async (t: TrackRef) =>
  (await call(recordingRoutes.agreement, { params: trackParams(t) })).data.agreement;
export const recordingSplitSheetUrl = (t: TrackRef) =>
  fillPath(recordingRoutes.splitSheet.path, trackParams(t));

export const fetchReleases = async (signal?: AbortSignal) =>
  (await call(releaseRoutes.list, {}, { signal })).data.releases;
export const fetchRelease = async (id: string, signal?: AbortSignal) =>
  (await call(releaseRoutes.get, { params: { id } }, { signal })).data.release;
export const createRelease = async (body: ReleaseInput) =>
  (await call(releaseRoutes.create, { body })).data.release;
export const updateRelease = async (id: string, body: ReleaseInput) =>
  (await call(releaseRoutes.update, { params: { id }, body })).data.release;
export const deleteRelease = async (id: string) => call(releaseRoutes.remove, { params: { id } });
export const fetchReadiness = async (id: string, signal?: AbortSignal) =>
  (await call(releaseRoutes.readiness, { params: { id } }, { signal })).data;

/** PUT the image itself (its type from the file: image/jpeg or image/png). */
export async function uploadArtwork(id: string, file: File) {
  const answer = await api.request(fillPath(releaseRoutes.putArtwork.path, { id }), {
    method: releaseRoutes.putArtwork.method,
    body: file,
    schema: releaseRoutes.putArtwork.response,
    timeoutMs: 120_000,
  });
  return answer.data.release;
}
export const removeArtwork = async (id: string) =>
  (await call(releaseRoutes.removeArtwork, { params: { id } })).data.release;

/** POST the CSV itself as text/csv; all rows are imported or none. */
export async function importCsv(file: File) {
  const answer = await api.request(fillPath(releaseRoutes.importCsv.path), {
    method: releaseRoutes.importCsv.method,
    body: new Blob([await file.arrayBuffer()], { type: 'text/csv' }),
    schema: releaseRoutes.importCsv.response,
    timeoutMs: 120_000,
  });
  return answer.data;
}

/** Where each of a release's files downloads from (the session's cookies carry the sign-in). */
export const releaseFiles = (id: string) => ({
  artwork: fillPath(releaseRoutes.artwork.path, { id }),
  labelCopy: fillPath(releaseRoutes.labelCopy.path, { id }),
  ddex: fillPath(releaseRoutes.ddex.path, { id }),
  csv: fillPath(releaseRoutes.exportCsv.path, { id }),
});

export const fetchCalendar = async (signal?: AbortSignal) =>
  (await call(calendarRoutes.get, {}, { signal })).data.url;
export const resetCalendar = async () => (await call(calendarRoutes.reset, {})).data.url;

/** A project's tracks, for the release's track picker (the tracks page's own call). */
export const fetchProjectTracks = fetchTracks;

/** A client of mine as a party's row takes it. */
export interface ClientChoice {
  _id: string;
  name: string;
  email: string;
}

const CLIENT_PAGE = 100;
const CLIENT_PAGES_MAX = 10;

/** My clients (every page, up to 1,000), by name, for naming one as a writer, publisher, owner or credit. */
export async function fetchMyClients(signal?: AbortSignal): Promise<ClientChoice[]> {
  const all: ClientChoice[] = [];
  for (let page = 1; page <= CLIENT_PAGES_MAX; page++) {
    const { data } = await call(clientRoutes.list, { query: { page, limit: CLIENT_PAGE } }, { signal });
    for (const c of data.clients) all.push({ _id: c._id, name: c.name, email: c.email });
    if (page >= data.pagination.totalPages) break;
  }
  return all.sort((a, b) => a.name.localeCompare(b.name));
}
