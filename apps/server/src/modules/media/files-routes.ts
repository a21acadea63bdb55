// HTTP routes for a project's other files: validate, call the service, shape the envelope.
import { envelope } from '@mixdesk/contract/envelope';
import {
  FileListQuerySchema,
  FileListResponseSchema,
  FileParamsSchema,
  FileResponseSchema,
  FileUploadFieldsSchema,
  ProjectFileSchema,
  ProjectMediaParamsSchema,
  TotalsResponseSchema,
  UpdateFileSchema,
} from '@mixdesk/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { BinarySchema } from '../../platform/openapi.ts';
import * as files from './files-service.ts';
import { presentFile } from './present.ts';
import { sendObject } from './send-object.ts';
import { requestUpload, uploadBody, uploadLimit } from './upload.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  app.get(
    '/:id/files',
    {
      ...auth,
      schema: {
        params: ProjectMediaParamsSchema,
        querystring: FileListQuerySchema,
        response: { 200: FileListResponseSchema },
      },
    },
    async (request) =>
      ok('Files', await files.listFiles(ctx, authOf(request).user._id, request.params.id, request.query)),
  );

  app.post(
    '/:id/files',
    {
      ...auth,
      schema: {
        params: ProjectMediaParamsSchema,
        rawBody: uploadBody(FileUploadFieldsSchema),
        response: { 201: FileResponseSchema },
      },
    },
    async (request, reply) => {
      const open = requestUpload(request, uploadLimit(ctx));
      const data = await files.uploadFile(ctx, authOf(request).user._id, request.params.id, open);
      return reply.status(201).send(ok('File uploaded', data));
    },
  );

  app.get(
    '/:id/files/:fileId',
    {
      ...auth,
      schema: {
        params: FileParamsSchema,
        response: { 200: envelope(z.object({ file: ProjectFileSchema })) },
      },
    },
    async (request) => {
      const { id, fileId } = request.params;
      return ok('File', {
        file: presentFile(await files.getFile(ctx, authOf(request).user._id, id, fileId)),
      });
    },
  );

  app.put(
    '/:id/files/:fileId',
    {
      ...auth,
      schema: { params: FileParamsSchema, body: UpdateFileSchema, response: { 200: FileResponseSchema } },
    },
    async (request) => {
      const { id, fileId } = request.params;
      const userId = authOf(request).user._id;
      return ok('File moved', await files.recategorizeFile(ctx, userId, id, fileId, request.body.category));
    },
  );

  app.delete(
    '/:id/files/:fileId',
    { ...auth, schema: { params: FileParamsSchema, response: { 200: TotalsResponseSchema } } },
    async (request) => {
      const { id, fileId } = request.params;
      return ok('File deleted', {
        totals: await files.deleteFile(ctx, authOf(request).user._id, id, fileId),
      });
    },
  );

  // Always a download: a project file is never rendered by the browser from our origin.
  app.get(
    '/:id/files/:fileId/download',
    {
      ...auth,
      schema: {
        params: FileParamsSchema,
        produces: ['application/octet-stream'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const f = await files.getFile(ctx, authOf(request).user._id, id, fileId);
      const object = {
        id: f.id,
        key: f.storage_key,
        size: Number(f.size),
        mime: f.mime,
        name: f.original_name,
        createdAt: f.created_at,
      };
      return sendObject(ctx, request, reply, object, 'attachment');
    },
  );
};
