// HTTP routes for a project's tracks and their versions, as the contract declares them: validate, call the
// service, shape the envelope.
import { VersionUploadFieldsSchema } from '@mixdesk/contract/media-uploads';
import { trackRoutes as routes } from '@mixdesk/contract/routes/media';
import { RangeHeadersSchema, RawUploadHeadersSchema } from '@mixdesk/contract/transfer-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { copyObject } from './copies.ts';
import { sendObject } from './send-object.ts';
import * as tracks from './tracks-service.ts';
import { requestUpload, uploadBody, uploadLimit } from './upload.ts';
import * as versions from './versions-service.ts';

export const tracksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const ids = (p: { id: string; trackId: string }) => ({ projectId: p.id, trackId: p.trackId });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    ...ids(p),
    versionId: p.versionId,
  });

  serve(app, routes.list, auth, async (request) =>
    ok('Tracks', await tracks.listTracks(ctx, authOf(request).user._id, request.params.id, request.query)),
  );

  serve(app, routes.create, auth, async (request, reply) => {
    const data = await tracks.createTrack(ctx, authOf(request).user._id, request.params.id, request.body);
    return reply.status(201).send(ok('Track added', data));
  });

  serve(app, routes.reorder, auth, async (request) => {
    const userId = authOf(request).user._id;
    const list = await tracks.reorderTracks(ctx, userId, request.params.id, request.body.trackIds);
    return ok('Track order saved', { tracks: list });
  });

  serve(app, routes.get, auth, async (request) => {
    const { id, trackId } = request.params;
    return ok('Track', { track: await tracks.getTrack(ctx, authOf(request).user._id, id, trackId) });
  });

  serve(app, routes.update, auth, async (request) => {
    const { id, trackId } = request.params;
    return ok(
      'Track updated',
      await tracks.updateTrack(ctx, authOf(request).user._id, id, trackId, request.body),
    );
  });

  serve(app, routes.remove, auth, async (request) => {
    const { id, trackId } = request.params;
    return ok('Track deleted', {
      totals: await tracks.deleteTrack(ctx, authOf(request).user._id, id, trackId),
    });
  });

  serve(app, routes.versions, auth, async (request) => {
    const list = await versions.listVersions(ctx, authOf(request).user._id, ids(request.params));
    return ok('Versions', { versions: list });
  });

  // By hand: the body is the upload itself (raw or multipart), streamed into storage once access is checked,
  // and described to the OpenAPI document by `rawBody`; the path, params and answer are the declaration's.
  const upload = routes.uploadVersion;
  app.route({
    method: upload.method,
    url: declaredUrl(app, upload),
    ...auth,
    schema: {
      params: upload.params,
      querystring: upload.query,
      headers: RawUploadHeadersSchema,
      rawBody: uploadBody(VersionUploadFieldsSchema),
      response: { [upload.status]: upload.response },
    },
    handler: async (request, reply) => {
      const userId = authOf(request).user._id;
      const open = requestUpload(request, uploadLimit(ctx));
      const data = await versions.uploadVersion(ctx, userId, ids(request.params), open);
      return reply.status(201).send(ok('Version uploaded', data));
    },
  });

  serve(app, routes.version, auth, async (request) => {
    const version = await versions.getVersion(ctx, authOf(request).user._id, versionIds(request.params));
    return ok('Version', { version });
  });

  serve(app, routes.renameVersion, auth, async (request) => {
    const userId = authOf(request).user._id;
    const data = await versions.renameVersion(ctx, userId, versionIds(request.params), request.body.label);
    return ok('Version renamed', data);
  });

  serve(app, routes.makeCurrent, auth, async (request) => {
    const data = await versions.makeCurrent(ctx, authOf(request).user._id, versionIds(request.params));
    return ok('Current version set', data);
  });

  serve(app, routes.removeVersion, auth, async (request) => {
    const data = await versions.deleteVersion(ctx, authOf(request).user._id, versionIds(request.params));
    return ok('Version deleted', data);
  });

  serve(app, routes.peaks, auth, async (request, reply) => {
    const peaks = await versions.getPeaks(ctx, authOf(request).user._id, versionIds(request.params));
    // A version's audio never changes, so neither do its peaks once computed; until then, ask again.
    reply.header('cache-control', peaks.status === 'ready' ? 'private, max-age=86400' : 'no-store');
    return ok('Peaks', peaks);
  });

  // Audio for the player (inline, with ranges for seeking) or as a download (?download=1). By hand at its
  // declared path: it streams the file, with 200 or 206 (a range), and the web takes its URL from the answers.
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
      const v = await versions.versionAudio(ctx, authOf(request).user._id, versionIds(request.params));
      const download = request.query.download === '1' || request.query.download === 'true';
      const object = copyObject(v, request.query.copy);
      return sendObject(ctx, request, reply, object, download ? 'attachment' : 'inline');
    },
  );
};
