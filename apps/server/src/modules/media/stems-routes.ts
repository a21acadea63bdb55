// HTTP routes for a version's stems, as the contract declares them (packages/contract/src/routes/stems.ts):
// the upload streams its body as a version's does, the audio streams bytes with ranges.

import { stemRoutes as routes } from '@mixdesk/contract/routes/stems';
import { StemUploadFieldsSchema } from '@mixdesk/contract/stems';
import { RangeHeadersSchema, RawUploadHeadersSchema } from '@mixdesk/contract/transfer-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { sendObject } from './send-object.ts';
import { stemObject } from './stems-present.ts';
import * as service from './stems-service.ts';
import { requestUpload, uploadBody, uploadLimit } from './upload.ts';

export const stemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });
  const stemIds = (p: { id: string; trackId: string; versionId: string; stemId: string }) => ({
    ...versionIds(p),
    stemId: p.stemId,
  });

  serve(app, routes.list, auth, async (request) =>
    ok('Stems', await service.listStems(ctx, authOf(request).user._id, versionIds(request.params))),
  );

  // By hand: the body is the upload itself (raw, its fields in the query string, or multipart, its fields
  // before the file), streamed into storage once access is checked; path, params and answer are declared.
  const upload = routes.upload;
  app.route({
    method: upload.method,
    url: declaredUrl(app, upload),
    ...auth,
    schema: {
      params: upload.params,
      querystring: upload.query,
      headers: RawUploadHeadersSchema,
      rawBody: uploadBody(StemUploadFieldsSchema),
      response: { [upload.status]: upload.response },
    },
    handler: async (request, reply) => {
      const userId = authOf(request).user._id;
      const open = requestUpload(request, uploadLimit(ctx));
      const data = await service.uploadStem(ctx, userId, versionIds(request.params), open);
      return reply.status(201).send(ok('Stem uploaded', data));
    },
  });

  serve(app, routes.update, auth, async (request) => {
    const userId = authOf(request).user._id;
    return ok('Stem updated', await service.updateStem(ctx, userId, stemIds(request.params), request.body));
  });

  serve(app, routes.remove, auth, async (request) =>
    ok('Stem deleted', await service.deleteStem(ctx, authOf(request).user._id, stemIds(request.params))),
  );

  // The stem's audio for the player (inline, with ranges) or as a download (?download=1). By hand at its
  // declared path, as a version's audio: it streams the file, and the web takes its URL from the stem.
  app.get(
    declaredUrl(app, routes.audio),
    {
      ...auth,
      schema: {
        params: routes.audio.params,
        querystring: routes.audio.query,
        headers: RangeHeadersSchema,
        produces: ['audio/*'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const stem = await service.stemAudio(ctx, authOf(request).user._id, stemIds(request.params));
      const download = request.query.download === '1' || request.query.download === 'true';
      // A replaced stem answers new audio at the same URL: the client revalidates (its ETag is the object's).
      const disposition = download ? 'attachment' : 'inline';
      return sendObject(ctx, request, reply, stemObject(stem), disposition, 'revalidate');
    },
  );
};
