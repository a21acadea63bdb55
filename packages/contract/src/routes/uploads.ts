// The resumable uploads' routes (issue #34). The tus protocol's own requests (OPTIONS, POST, HEAD, PATCH and
// DELETE at /api/uploads and /api/uploads/:id) are registered by hand: their bodies are the file's bytes and
// their answers are headers, as the protocol says. What an upload became is read here, as JSON.
import { z } from 'zod';
import { defineRoutes } from '../routes.ts';
import { UploadResponseSchema } from '../uploads.ts';

export const uploadRoutes = defineRoutes({
  /** Creation (tus): Upload-Length and Upload-Metadata in headers; registered by hand, answered with the upload. */
  create: {
    method: 'POST',
    path: '/api/uploads',
    status: 201,
    response: UploadResponseSchema,
  },
  status: {
    method: 'GET',
    path: '/api/uploads/:id',
    params: z.object({ id: z.string() }),
    response: UploadResponseSchema,
  },
});
