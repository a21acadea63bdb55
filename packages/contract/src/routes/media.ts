// The media area's routes (a project's tracks, their versions, and its other files), declared once for the
// server and the web (../routes.ts). The uploads are declared too, though the server registers them by hand
// (a streamed body, raw or multipart, whose fields travel in the query string or as parts) and the web sends
// them through lib/upload.ts at `fillPath` of the path. Audio and file downloads are not: they stream bytes,
// and the web takes their URLs from the answers (audioUrl, downloadUrl).
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import {
  CreateTrackSchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileParamsSchema,
  FileResponseSchema,
  MediaListQuerySchema,
  MediaTotalsSchema,
  PeaksResponseSchema,
  ProjectFileSchema,
  ProjectMediaParamsSchema,
  ReorderTracksSchema,
  TotalsResponseSchema,
  TrackListResponseSchema,
  TrackParamsSchema,
  TrackResponseSchema,
  TrackSchema,
  TrackVersionSchema,
  UpdateFileSchema,
  UpdateTrackSchema,
  UpdateVersionSchema,
  VersionListResponseSchema,
  VersionParamsSchema,
  VersionResponseSchema,
} from '../media.ts';
import { defineRoutes } from '../routes.ts';

export const trackRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks',
    params: ProjectMediaParamsSchema,
    query: MediaListQuerySchema,
    response: TrackListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/tracks',
    params: ProjectMediaParamsSchema,
    body: CreateTrackSchema,
    status: 201,
    response: TrackResponseSchema,
  },
  reorder: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/order',
    params: ProjectMediaParamsSchema,
    body: ReorderTracksSchema,
    response: envelope(z.object({ tracks: z.array(TrackSchema) })),
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId',
    params: TrackParamsSchema,
    response: envelope(z.object({ track: TrackSchema })),
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId',
    params: TrackParamsSchema,
    body: UpdateTrackSchema,
    response: TrackResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId',
    params: TrackParamsSchema,
    response: envelope(z.object({ totals: MediaTotalsSchema })),
  },
  versions: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions',
    params: TrackParamsSchema,
    response: VersionListResponseSchema,
  },
  /** Registered by hand (a streamed upload); its fields (label, makeCurrent) travel in the query string. */
  uploadVersion: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions',
    params: TrackParamsSchema,
    status: 201,
    response: VersionResponseSchema,
  },
  version: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    params: VersionParamsSchema,
    response: envelope(z.object({ version: TrackVersionSchema })),
  },
  renameVersion: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    params: VersionParamsSchema,
    body: UpdateVersionSchema,
    response: VersionResponseSchema,
  },
  makeCurrent: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/current',
    params: VersionParamsSchema,
    response: VersionResponseSchema,
  },
  removeVersion: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    params: VersionParamsSchema,
    response: envelope(z.object({ track: TrackSchema, totals: MediaTotalsSchema })),
  },
  peaks: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/peaks',
    params: VersionParamsSchema,
    response: PeaksResponseSchema,
  },
});

export const fileRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/projects/:id/files',
    params: ProjectMediaParamsSchema,
    query: FileListQuerySchema,
    response: FileListResponseSchema,
  },
  /** Registered by hand (a streamed upload); its field (category) travels in the query string. */
  upload: {
    method: 'POST',
    path: '/api/projects/:id/files',
    params: ProjectMediaParamsSchema,
    status: 201,
    response: FileResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id/files/:fileId',
    params: FileParamsSchema,
    response: envelope(z.object({ file: ProjectFileSchema })),
  },
  move: {
    method: 'PUT',
    path: '/api/projects/:id/files/:fileId',
    params: FileParamsSchema,
    body: UpdateFileSchema,
    response: FileResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/files/:fileId',
    params: FileParamsSchema,
    response: TotalsResponseSchema,
  },
});
