// A version's stems (issue #36), declared once for the server and the web. The upload is declared too, though
// the server registers it by hand (a streamed body, raw or multipart, its fields in the query string or as
// parts) and the web sends it through lib/upload.ts; so is the stem's audio, streamed bytes (its URL is
// audioUrl).
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { DownloadQuerySchema, VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';
import {
  NullTestResponseSchema,
  StemListResponseSchema,
  StemParamsSchema,
  StemResponseSchema,
  StemSchema,
  StemUploadQuerySchema,
  UpdateStemSchema,
} from '../stems.ts';

export const stemRoutes = defineRoutes('stem', {
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems',
    summary: "List a version's stems",
    params: VersionParamsSchema,
    response: StemListResponseSchema,
  },
  /** Registered by hand (a streamed upload); its fields (name, role, replace) travel in the query string. */
  upload: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems',
    summary: 'Upload a stem',
    errors: [409, 413, 415, 422, 507],
    params: VersionParamsSchema,
    query: StemUploadQuerySchema,
    status: 201,
    response: StemResponseSchema,
  },
  update: {
    method: 'PATCH',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/:stemId',
    summary: 'Rename a stem or change its role',
    params: StemParamsSchema,
    body: UpdateStemSchema,
    response: StemResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/:stemId',
    summary: 'Delete a stem',
    params: StemParamsSchema,
    response: envelope(z.object({ stem: StemSchema })),
  },
  nullTest: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/null-test',
    summary: "Get a version's null test",
    params: VersionParamsSchema,
    response: NullTestResponseSchema,
  },
  /** Runs the null test again now (it also runs by itself whenever the stems or the mix change). */
  runNullTest: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/null-test',
    summary: 'Run the null test again',
    errors: [409],
    params: VersionParamsSchema,
    status: 202,
    response: NullTestResponseSchema,
  },
  /**
   * Registered by hand: the stem's audio (its stored type) for the player, inline with ranges, or as a
   * download (`download=1`). Its URL is the stem's audioUrl.
   */
  audio: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/:stemId/audio',
    summary: "Stream or download a stem's audio",
    errors: [416],
    params: StemParamsSchema,
    query: DownloadQuerySchema,
    response: z.custom<Blob>(),
  },
});
