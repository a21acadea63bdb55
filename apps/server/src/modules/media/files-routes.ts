// HTTP routes for a project's other files, as the contract declares them: validate, call the service, shape
// the envelope.
import { FileUploadFieldsSchema } from '@mixdesk/contract/media-uploads';
import { fileRoutes as routes } from '@mixdesk/contract/routes/media';
import { RangeHeadersSchema, RawUploadHeadersSchema } from '@mixdesk/contract/transfer-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as files from './files-service.ts';
import { presentFile } from './present.ts';
import { sendObject } from './send-object.ts';
import { requestUpload, uploadBody, uploadLimit } from './upload.ts';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

  serve(app, routes.list, auth, async (request) =>
    ok('Files', await files.listFiles(ctx, authOf(request).user._id, request.params.id, request.query)),
  );

  // By hand: the body is the upload itself (raw or multipart), streamed into storage once access is checked,
  // and described to the OpenAPI document by `rawBody`; the path, params and answer are the declaration's.
  const upload = routes.upload;
  app.route({
    method: upload.method,
    url: declaredUrl(app, upload),
    ...auth,
    schema: {
      params: upload.params,
      querystring: upload.query,
      headers: RawUploadHeadersSchema,
      rawBody: uploadBody(FileUploadFieldsSchema),
      response: { [upload.status]: upload.response },
    },
    handler: async (request, reply) => {
      const open = requestUpload(request, uploadLimit(ctx));
      const data = await files.uploadFile(ctx, authOf(request).user._id, request.params.id, open);
      return reply.status(201).send(ok('File uploaded', data));
    },
  });

  serve(app, routes.get, auth, async (request) => {
    const { id, fileId } = request.params;
    return ok('File', {
      file: presentFile(await files.getFile(ctx, authOf(request).user._id, id, fileId)),
    });
  });

  serve(app, routes.move, auth, async (request) => {
    const { id, fileId } = request.params;
    const userId = authOf(request).user._id;
    return ok('File moved', await files.recategorizeFile(ctx, userId, id, fileId, request.body.category));
  });

  serve(app, routes.remove, auth, async (request) => {
    const { id, fileId } = request.params;
    return ok('File deleted', {
      totals: await files.deleteFile(ctx, authOf(request).user._id, id, fileId),
    });
  });

  // Always a download: a project file is never rendered by the browser from our origin. By hand at its
  // declared path: it streams the file, with 200 or 206 (a range), and the web takes its URL from the answers.
  app.get(
    declaredUrl(app, routes.download),
    {
      ...auth,
      schema: {
        params: routes.download.params,
        headers: RangeHeadersSchema,
        // The type the file was stored with, whatever it is.
        produces: ['*/*'],
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
