// The media area's routes (a project's tracks, their versions, and its other files), declared once for the
// server and the web (../routes.ts). The uploads are declared too, though the server registers them by hand
// (a streamed body, raw or multipart, whose fields travel in the query string or as parts) and the web sends
// them through lib/upload.ts at `fillPath` of the path. So are the audio and file downloads (registered by hand
// too: they stream bytes), whose URLs the web takes from the answers (audioUrl, downloadUrl).
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import {
  AudioQuerySchema,
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
import { FileUploadQuerySchema, VersionUploadQuerySchema } from '../media-uploads.ts';
import { defineRoutes } from '../routes.ts';

/**
 * A stored file's bytes, not JSON: the server streams them from a route it registers by hand (200, or 206 for
 * a range) and the web takes their URLs from the answers (audioUrl, downloadUrl), never through `call`.
 */
const StoredFile = z.custom<Blob>();

export const trackRoutes = defineRoutes('track', {
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks',
    summary: "List a project's tracks",
    params: ProjectMediaParamsSchema,
    query: MediaListQuerySchema,
    response: TrackListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/projects/:id/tracks',
    summary: 'Add a track',
    errors: [409],
    params: ProjectMediaParamsSchema,
    body: CreateTrackSchema,
    status: 201,
    response: TrackResponseSchema,
  },
  reorder: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/order',
    summary: 'Reorder the tracks',
    params: ProjectMediaParamsSchema,
    body: ReorderTracksSchema,
    response: envelope(z.object({ tracks: z.array(TrackSchema) })),
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId',
    summary: 'Get a track',
    params: TrackParamsSchema,
    response: envelope(z.object({ track: TrackSchema })),
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId',
    summary: 'Update a track',
    params: TrackParamsSchema,
    body: UpdateTrackSchema,
    response: TrackResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId',
    summary: 'Delete a track',
    params: TrackParamsSchema,
    response: envelope(z.object({ totals: MediaTotalsSchema })),
  },
  versions: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions',
    summary: "List a track's versions",
    params: TrackParamsSchema,
    response: VersionListResponseSchema,
  },
  /**
   * Registered by hand (a streamed upload): raw, its fields (label, makeCurrent) in the query string, or
   * multipart, its fields as parts before the file.
   */
  uploadVersion: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions',
    summary: 'Upload a new version of a track',
    errors: [413, 415, 422, 507],
    params: TrackParamsSchema,
    query: VersionUploadQuerySchema,
    status: 201,
    response: VersionResponseSchema,
  },
  version: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    summary: 'Get a version',
    params: VersionParamsSchema,
    response: envelope(z.object({ version: TrackVersionSchema })),
  },
  renameVersion: {
    method: 'PUT',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    summary: 'Rename a version',
    params: VersionParamsSchema,
    body: UpdateVersionSchema,
    response: VersionResponseSchema,
  },
  makeCurrent: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/current',
    summary: "Make a version the track's current one",
    params: VersionParamsSchema,
    response: VersionResponseSchema,
  },
  removeVersion: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId',
    summary: 'Delete a version',
    params: VersionParamsSchema,
    response: envelope(z.object({ track: TrackSchema, totals: MediaTotalsSchema })),
  },
  peaks: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/peaks',
    summary: "Get a version's waveform peaks",
    params: VersionParamsSchema,
    response: PeaksResponseSchema,
  },
  /**
   * Registered by hand: the audio (the original's stored type, or a listening copy's) for the player, inline
   * with ranges, or as a download (`download=1`); 409 while the listening copy asked for is being made.
   */
  audio: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/audio',
    summary: "Stream or download a version's audio",
    errors: [409, 416],
    params: VersionParamsSchema,
    query: AudioQuerySchema,
    response: StoredFile,
  },
});

export const fileRoutes = defineRoutes('file', {
  list: {
    method: 'GET',
    path: '/api/projects/:id/files',
    summary: "List a project's files",
    params: ProjectMediaParamsSchema,
    query: FileListQuerySchema,
    response: FileListResponseSchema,
  },
  /**
   * Registered by hand (a streamed upload): raw, its field (category, then required) in the query string, or
   * multipart, the category as a part before the file.
   */
  upload: {
    method: 'POST',
    path: '/api/projects/:id/files',
    summary: 'Upload a file to a project',
    errors: [413, 415, 507],
    params: ProjectMediaParamsSchema,
    query: FileUploadQuerySchema,
    status: 201,
    response: FileResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/api/projects/:id/files/:fileId',
    summary: 'Get a file',
    params: FileParamsSchema,
    response: envelope(z.object({ file: ProjectFileSchema })),
  },
  move: {
    method: 'PUT',
    path: '/api/projects/:id/files/:fileId',
    summary: 'Move a file to another category',
    params: FileParamsSchema,
    body: UpdateFileSchema,
    response: FileResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/files/:fileId',
    summary: 'Delete a file',
    params: FileParamsSchema,
    response: TotalsResponseSchema,
  },
  /** Registered by hand: always a download, in the type it was stored with, with ranges (206). */
  download: {
    method: 'GET',
    path: '/api/projects/:id/files/:fileId/download',
    summary: 'Download a file',
    errors: [416],
    params: FileParamsSchema,
    response: StoredFile,
  },
});
