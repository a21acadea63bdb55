// The tus 1.0 protocol at /api/uploads (decision 041): OPTIONS (what the server offers), POST (creation, with
// its first bytes when sent), HEAD (the offset to resume from), PATCH (a chunk), DELETE (termination), and
// GET /api/uploads/:id, the upload's outcome as JSON. Each answer carries Tus-Resumable; an error is the usual
// JSON envelope where the protocol allows a body (a HEAD's has none).

import { uploadRoutes as routes } from '@mixdesk/contract/routes/uploads';
import {
  TusChunkHeadersSchema,
  TusCreateHeadersSchema,
  TusHeadersSchema,
} from '@mixdesk/contract/transfer-headers';
import { CHUNK_TYPE, UploadResponseSchema } from '@mixdesk/contract/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { CutOff } from './disk-store.ts';
import {
  byteCount,
  discoveryHeaders,
  httpDate,
  isChunk,
  protocolHeaders,
  requireTusVersion,
  uploadChecksum,
  uploadMetadata,
} from './protocol.ts';
import * as uploads from './service.ts';

const Params = z.object({ id: z.string() });
const Empty = z.null().describe('No body: the answer is in its headers (Upload-Offset, Upload-Length, ...).');

/** Content-Length of a request, or null when it is sent chunked. */
const declaredLength = (request: FastifyRequest): number | null => {
  const value = request.headers['content-length'];
  return value === undefined ? null : Number(value);
};

/** A refused request leaves its body unread: read and drop it, so the client finishes sending and gets the answer. */
async function drainOnError<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!request.raw.readableEnded) request.raw.resume();
    if (err instanceof CutOff)
      throw badRequest('The chunk was cut off; ask for the offset and go on from there.');
    throw err;
  }
}

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  // No body is parsed here: a chunk's is streamed to the disk once the upload is found and allowed, and any
  // other is refused by the route (415 for a PATCH), with the protocol's message rather than the JSON parser's.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _body, done) => done(null));
  app.addHook('onRequest', async (_request, reply) => protocolHeaders(reply));

  const discovery = async (_request: FastifyRequest, reply: FastifyReply) => {
    discoveryHeaders(reply, uploads.maxBytesOf(ctx, 'version'));
    return reply.status(204).send(null);
  };
  // OPTIONS and HEAD are not among a declaration's methods (contract/routes/uploads): each is named here.
  const discoverySchema = { summary: 'Ask what the upload server offers (tus)', response: { 204: Empty } };
  app.route({
    method: 'OPTIONS',
    url: '/',
    schema: { operationId: 'uploadDiscover', ...discoverySchema },
    handler: discovery,
  });
  app.route({
    method: 'OPTIONS',
    url: '/:id',
    schema: { operationId: 'uploadDiscoverOne', params: Params, ...discoverySchema },
    handler: discovery,
  });

  app.route({
    method: 'POST',
    url: '/',
    ...auth,
    schema: {
      headers: TusCreateHeadersSchema,
      rawBody: {
        [CHUNK_TYPE]: BinarySchema.describe('The first bytes of the file (creation-with-upload); optional.'),
      },
      response: { 201: UploadResponseSchema },
    },
    handler: async (request, reply) =>
      drainOnError(request, async () => {
        requireTusVersion(request, reply);
        if (request.headers['upload-defer-length'] !== undefined)
          throw badRequest('Upload-Defer-Length is not supported: send Upload-Length.');
        const length = byteCount(request, 'upload-length');
        const metadata = uploadMetadata(request);
        const userId = authOf(request).user._id;
        const row = await uploads.createUpload(ctx, userId, length, metadata);
        reply.header('location', `/api/uploads/${row.id}`);
        reply.header('upload-expires', httpDate(row.expires_at));
        if (isChunk(request)) {
          const { offset } = await uploads.writeChunk(ctx, userId, row.id, {
            offset: 0,
            declaredBytes: declaredLength(request),
            source: request.raw,
            sha256: uploadChecksum(request),
          });
          reply.header('upload-offset', String(offset));
        }
        const upload = await uploads.uploadStatus(ctx, userId, row.id);
        return reply.status(201).send({ success: true as const, message: 'Upload created', data: upload });
      }),
  });

  // Before GET /:id, which would otherwise answer HEAD with its JSON's headers.
  app.route({
    method: 'HEAD',
    url: '/:id',
    ...auth,
    schema: {
      operationId: 'uploadOffset',
      summary: 'Ask where a resumable upload stands (tus)',
      params: Params,
      headers: TusHeadersSchema,
      response: { 200: Empty },
    },
    handler: async (request, reply) => {
      requireTusVersion(request, reply);
      const { id } = request.params as { id: string };
      const { row, offset } = await uploads.uploadOffset(ctx, authOf(request).user._id, id);
      reply.header('cache-control', 'no-store');
      reply.header('upload-offset', String(offset));
      reply.header('upload-length', String(row.length));
      if (row.status === 'uploading') reply.header('upload-expires', httpDate(row.expires_at));
      return reply.status(200).send(null);
    },
  });

  app.route({
    method: 'PATCH',
    url: '/:id',
    ...auth,
    schema: {
      params: Params,
      headers: TusChunkHeadersSchema,
      rawBody: { [CHUNK_TYPE]: BinarySchema.describe('The bytes from Upload-Offset on.') },
      response: { 204: Empty },
    },
    handler: async (request, reply) =>
      drainOnError(request, async () => {
        requireTusVersion(request, reply);
        if (!isChunk(request))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send a chunk with Content-Type: ${CHUNK_TYPE}.`);
        const offset = byteCount(request, 'upload-offset');
        const sha256 = uploadChecksum(request);
        const { id } = request.params as { id: string };
        const { row, offset: now } = await uploads.writeChunk(ctx, authOf(request).user._id, id, {
          offset,
          declaredBytes: declaredLength(request),
          source: request.raw,
          sha256,
        });
        reply.header('upload-offset', String(now));
        if (now < Number(row.length)) reply.header('upload-expires', httpDate(row.expires_at));
        return reply.status(204).send(null);
      }),
  });

  app.route({
    method: 'DELETE',
    url: '/:id',
    ...auth,
    schema: { params: Params, headers: TusHeadersSchema, response: { 204: Empty } },
    handler: async (request, reply) => {
      requireTusVersion(request, reply);
      const { id } = request.params as { id: string };
      await uploads.terminateUpload(ctx, authOf(request).user._id, id);
      return reply.status(204).send(null);
    },
  });

  serve(app, routes.status, auth, async (request, reply) => {
    const upload = await uploads.uploadStatus(ctx, authOf(request).user._id, request.params.id);
    reply.header('cache-control', 'no-store');
    return { success: true as const, message: 'Upload', data: upload };
  });
};
