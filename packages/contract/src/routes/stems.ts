// A version's stems (issue #36), declared once for the server and the web. The upload is declared too, though
// the server registers it by hand (a streamed body, raw or multipart, its fields in the query string or as
// parts) and the web sends it through lib/upload.ts; the stem's audio streams bytes (its URL is audioUrl).
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { VersionParamsSchema } from '../media.ts';
import { defineRoutes } from '../routes.ts';
import {
  NullTestResponseSchema,
  StemListResponseSchema,
  StemParamsSchema,
  StemResponseSchema,
  StemSchema,
  StemUploadFieldsSchema,
  UpdateStemSchema,
} from '../stems.ts';

export const stemRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems',
    params: VersionParamsSchema,
    response: StemListResponseSchema,
  },
  /** Registered by hand (a streamed upload); its fields (name, role, replace) travel in the query string. */
  upload: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems',
    params: VersionParamsSchema,
    query: StemUploadFieldsSchema,
    status: 201,
    response: StemResponseSchema,
  },
  update: {
    method: 'PATCH',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/:stemId',
    params: StemParamsSchema,
    body: UpdateStemSchema,
    response: StemResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/:stemId',
    params: StemParamsSchema,
    response: envelope(z.object({ stem: StemSchema })),
  },
  nullTest: {
    method: 'GET',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/null-test',
    params: VersionParamsSchema,
    response: NullTestResponseSchema,
  },
  /** Runs the null test again now (it also runs by itself whenever the stems or the mix change). */
  runNullTest: {
    method: 'POST',
    path: '/api/projects/:id/tracks/:trackId/versions/:versionId/stems/null-test',
    params: VersionParamsSchema,
    status: 202,
    response: NullTestResponseSchema,
  },
});
