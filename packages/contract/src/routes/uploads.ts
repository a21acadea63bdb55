// The resumable uploads' routes (issue #34). The tus protocol's own requests (OPTIONS, POST, HEAD, PATCH and
// DELETE at /api/uploads and /api/uploads/:id) are registered by hand: their bodies are the file's bytes and
// their answers are headers, as the protocol says. What an upload became is read here, as JSON. OPTIONS and
// HEAD, which RouteDef's methods do not include, are named in their registrations.
import { z } from 'zod';
import { defineRoutes } from '../routes.ts';
import { UploadResponseSchema } from '../uploads.ts';

export const uploadRoutes = defineRoutes('upload', {
  /** Creation (tus): Upload-Length and Upload-Metadata in headers; registered by hand, answered with the upload. */
  create: {
    method: 'POST',
    path: '/api/uploads',
    summary: 'Create a resumable upload (tus)',
    errors: [409, 412, 413, 507],
    status: 201,
    response: UploadResponseSchema,
  },
  status: {
    method: 'GET',
    path: '/api/uploads/:id',
    summary: 'Get what a resumable upload became',
    params: z.object({ id: z.string() }),
    response: UploadResponseSchema,
  },
  /**
   * A chunk (tus), from Upload-Offset on; registered by hand and answered 204 with the new Upload-Offset (a
   * status RouteDef does not list: its registration says it). 460 for a checksum that does not match.
   */
  patch: {
    method: 'PATCH',
    path: '/api/uploads/:id',
    summary: 'Send a chunk of a resumable upload',
    errors: [409, 410, 412, 413, 415],
    params: z.object({ id: z.string() }),
    response: z.null(),
  },
  /** Termination (tus): the upload and its bytes go; registered by hand and answered 204. */
  terminate: {
    method: 'DELETE',
    path: '/api/uploads/:id',
    summary: 'Cancel a resumable upload',
    errors: [409, 412],
    params: z.object({ id: z.string() }),
    response: z.null(),
  },
});
