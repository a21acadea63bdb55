// HTTP routes for a project's tracks and their versions: validate, call the service, shape the envelope.
import { envelope } from '@mixdesk/contract/envelope';
import {
  CreateTrackSchema,
  DownloadQuerySchema,
  MediaListQuerySchema,
  MediaTotalsSchema,
  PeaksResponseSchema,
  ProjectMediaParamsSchema,
  ReorderTracksSchema,
  TrackListResponseSchema,
  TrackParamsSchema,
  TrackResponseSchema,
  TrackSchema,
  TrackVersionSchema,
  UpdateTrackSchema,
  UpdateVersionSchema,
  VersionListResponseSchema,
  VersionParamsSchema,
  VersionResponseSchema,
  VersionUploadFieldsSchema,
} from '@mixdesk/contract/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { BinarySchema } from '../../platform/openapi.ts';
import { sendObject, versionObject } from './send-object.ts';
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

  app.get(
    '/:id/tracks',
    {
      ...auth,
      schema: {
        params: ProjectMediaParamsSchema,
        querystring: MediaListQuerySchema,
        response: { 200: TrackListResponseSchema },
      },
    },
    async (request) =>
      ok('Tracks', await tracks.listTracks(ctx, authOf(request).user._id, request.params.id, request.query)),
  );

  app.post(
    '/:id/tracks',
    {
      ...auth,
      schema: {
        params: ProjectMediaParamsSchema,
        body: CreateTrackSchema,
        response: { 201: TrackResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await tracks.createTrack(ctx, authOf(request).user._id, request.params.id, request.body);
      return reply.status(201).send(ok('Track added', data));
    },
  );

  app.put(
    '/:id/tracks/order',
    {
      ...auth,
      schema: {
        params: ProjectMediaParamsSchema,
        body: ReorderTracksSchema,
        response: { 200: envelope(z.object({ tracks: z.array(TrackSchema) })) },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const list = await tracks.reorderTracks(ctx, userId, request.params.id, request.body.trackIds);
      return ok('Track order saved', { tracks: list });
    },
  );

  app.get(
    '/:id/tracks/:trackId',
    {
      ...auth,
      schema: { params: TrackParamsSchema, response: { 200: envelope(z.object({ track: TrackSchema })) } },
    },
    async (request) => {
      const { id, trackId } = request.params;
      return ok('Track', { track: await tracks.getTrack(ctx, authOf(request).user._id, id, trackId) });
    },
  );

  app.put(
    '/:id/tracks/:trackId',
    {
      ...auth,
      schema: { params: TrackParamsSchema, body: UpdateTrackSchema, response: { 200: TrackResponseSchema } },
    },
    async (request) => {
      const { id, trackId } = request.params;
      return ok(
        'Track updated',
        await tracks.updateTrack(ctx, authOf(request).user._id, id, trackId, request.body),
      );
    },
  );

  app.delete(
    '/:id/tracks/:trackId',
    {
      ...auth,
      schema: {
        params: TrackParamsSchema,
        response: { 200: envelope(z.object({ totals: MediaTotalsSchema })) },
      },
    },
    async (request) => {
      const { id, trackId } = request.params;
      return ok('Track deleted', {
        totals: await tracks.deleteTrack(ctx, authOf(request).user._id, id, trackId),
      });
    },
  );

  app.get(
    '/:id/tracks/:trackId/versions',
    { ...auth, schema: { params: TrackParamsSchema, response: { 200: VersionListResponseSchema } } },
    async (request) => {
      const list = await versions.listVersions(ctx, authOf(request).user._id, ids(request.params));
      return ok('Versions', { versions: list });
    },
  );

  app.post(
    '/:id/tracks/:trackId/versions',
    {
      ...auth,
      schema: {
        params: TrackParamsSchema,
        rawBody: uploadBody(VersionUploadFieldsSchema),
        response: { 201: VersionResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).user._id;
      const open = requestUpload(request, uploadLimit(ctx));
      const data = await versions.uploadVersion(ctx, userId, ids(request.params), open);
      return reply.status(201).send(ok('Version uploaded', data));
    },
  );

  app.get(
    '/:id/tracks/:trackId/versions/:versionId',
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        response: { 200: envelope(z.object({ version: TrackVersionSchema })) },
      },
    },
    async (request) => {
      const version = await versions.getVersion(ctx, authOf(request).user._id, versionIds(request.params));
      return ok('Version', { version });
    },
  );

  app.put(
    '/:id/tracks/:trackId/versions/:versionId',
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        body: UpdateVersionSchema,
        response: { 200: VersionResponseSchema },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      const data = await versions.renameVersion(ctx, userId, versionIds(request.params), request.body.label);
      return ok('Version renamed', data);
    },
  );

  app.post(
    '/:id/tracks/:trackId/versions/:versionId/current',
    { ...auth, schema: { params: VersionParamsSchema, response: { 200: VersionResponseSchema } } },
    async (request) => {
      const data = await versions.makeCurrent(ctx, authOf(request).user._id, versionIds(request.params));
      return ok('Current version set', data);
    },
  );

  app.delete(
    '/:id/tracks/:trackId/versions/:versionId',
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        response: { 200: envelope(z.object({ track: TrackSchema, totals: MediaTotalsSchema })) },
      },
    },
    async (request) => {
      const data = await versions.deleteVersion(ctx, authOf(request).user._id, versionIds(request.params));
      return ok('Version deleted', data);
    },
  );

  app.get(
    '/:id/tracks/:trackId/versions/:versionId/peaks',
    { ...auth, schema: { params: VersionParamsSchema, response: { 200: PeaksResponseSchema } } },
    async (request, reply) => {
      const peaks = await versions.getPeaks(ctx, authOf(request).user._id, versionIds(request.params));
      // A version's audio never changes, so neither do its peaks once computed; until then, ask again.
      reply.header('cache-control', peaks.status === 'ready' ? 'private, max-age=86400' : 'no-store');
      return ok('Peaks', peaks);
    },
  );

  // Audio for the player (inline, with ranges for seeking) or as a download (?download=1).
  app.get(
    '/:id/tracks/:trackId/versions/:versionId/audio',
    {
      ...auth,
      schema: {
        params: VersionParamsSchema,
        querystring: DownloadQuerySchema,
        produces: ['audio/*'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const v = await versions.versionAudio(ctx, authOf(request).user._id, versionIds(request.params));
      const download = request.query.download === '1' || request.query.download === 'true';
      return sendObject(ctx, request, reply, versionObject(v), download ? 'attachment' : 'inline');
    },
  );
};
