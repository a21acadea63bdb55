// /api/share/:token — what a share link shows to whoever holds it (issue #15), without an account: the view,
// the unlock for a link with a password, and per shared version its audio (HTTP ranges), peaks, download, its
// stems' downloads (issue #36; the version's package is the packages area's), guest comments (20 an hour per
// link and address: guest-comment-limit.ts), and the listen reports of the access log.

import { sharedViewRoutes as routes } from '@mixdesk/contract/routes/share-links';
import { RangeHeadersSchema } from '@mixdesk/contract/transfer-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromJson } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { createGuestComment, listGuestComments } from '../comments/public.ts';
import { copyObject, peaksOf, sendObject, stemObject, versionObject } from '../media/public.ts';
import { withinGuestCommentLimit } from './guest-comment-limit.ts';
import {
  assertCommentsAllowed,
  logComment,
  logDownload,
  logStream,
  openShare,
  recordPlay,
  requireDownload,
  requireSharedStem,
  requireSharedVersion,
  unlockShare,
  whoHears,
} from './public-service.ts';

/** The first byte asked for (no range, or one from 0): a new stream or download, not the rest of one. */
const startsAtZero = (range: string | undefined) => !range || /^\s*bytes\s*=\s*0\s*-/i.test(range);

export const sharePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  // Each answer depends on one link's state (revocable at once): never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  serve(app, routes.view, {}, async (request) =>
    ok('Shared', { share: await openShare(ctx, request, request.params.token) }),
  );

  serve(app, routes.unlock, {}, async (request, reply) => {
    const share = await unlockShare(ctx, request, reply, request.params.token, request.body.password);
    return ok('Unlocked', { share });
  });

  // By hand: the answer is the audio's bytes, streamed (206 for a range), not a JSON envelope. Its path and
  // params are still the declaration's.
  app.get(
    declaredUrl(app, routes.audio),
    {
      schema: {
        params: routes.audio.params,
        querystring: routes.audio.query,
        headers: RangeHeadersSchema,
        produces: ['audio/*'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const { token, versionId } = request.params;
      const shared = await requireSharedVersion(ctx, request, token, versionId);
      // Without downloads, the original's bytes never leave: a guest hears the compact copy only, and each
      // stream (its first byte asked for) is a listen in the link's access log.
      const allowed = shared.link.allow_download;
      const object = copyObject(shared.version, allowed ? 'original' : 'compact');
      if (!allowed && startsAtZero(request.headers.range))
        await logStream(ctx, request, shared, request.query.listen);
      const sent = sendObject(ctx, request, reply, object, 'inline');
      // Playing is not downloading: the browser may keep it for the page, but no other cache.
      reply.header('cache-control', 'private, no-store');
      return sent;
    },
  );

  serve(app, routes.peaks, {}, async (request) => {
    const { token, versionId } = request.params;
    const { version } = await requireSharedVersion(ctx, request, token, versionId);
    const row = await peaksOf(ctx.db, version.id);
    if (!row) throw notFound('Version');
    return ok('Peaks', {
      status: row.peaks_status,
      peaks: fromJson<number[]>(row.peaks, []),
      duration: Number(row.duration),
    });
  });

  // By hand, as the audio: the file's bytes, streamed.
  app.get(
    declaredUrl(app, routes.download),
    {
      schema: {
        params: routes.download.params,
        headers: RangeHeadersSchema,
        // The version's audio, in the type it was stored with.
        produces: ['audio/*'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const { token, versionId } = request.params;
      const shared = await requireDownload(ctx, request, token, versionId);
      // A resumed download (a range past the start) is the same download, logged once.
      if (startsAtZero(request.headers.range)) await logDownload(ctx, request, shared);
      return sendObject(ctx, request, reply, versionObject(shared.version), 'attachment');
    },
  );

  // By hand, as the download: a stem's bytes, only through a link that gives out stems (else 404).
  app.get(
    declaredUrl(app, routes.stemDownload),
    {
      schema: {
        params: routes.stemDownload.params,
        headers: RangeHeadersSchema,
        // The stem's audio, in the type it was stored with.
        produces: ['audio/*'],
        response: { 200: BinarySchema, 206: BinarySchema },
      },
    },
    async (request, reply) => {
      const shared = await requireSharedStem(ctx, request, request.params);
      if (startsAtZero(request.headers.range)) await logDownload(ctx, request, shared);
      // A replaced stem keeps its id and URL: the client asks again each time (its ETag is the object's).
      return sendObject(ctx, request, reply, stemObject(shared.stem), 'attachment', 'revalidate');
    },
  );

  serve(app, routes.comments, {}, async (request) => {
    const { token, versionId } = request.params;
    const { link, version } = await requireSharedVersion(ctx, request, token, versionId);
    assertCommentsAllowed(link);
    return ok('Comments', { comments: await listGuestComments(ctx, version.id, link.id) });
  });

  serve(app, routes.comment, {}, async (request, reply) => {
    const { token, versionId } = request.params;
    const shared = await requireSharedVersion(ctx, request, token, versionId);
    assertCommentsAllowed(shared.link);
    const { version, link } = shared;
    const tell = await whoHears(ctx, link);
    const comment = await withinGuestCommentLimit(ctx, link.id, request.ip, () =>
      createGuestComment(
        ctx,
        {
          projectId: version.project_id,
          trackId: version.track_id,
          versionId: version.id,
          duration: Number(version.duration),
          trackTitle: version.track_title,
          shareLinkId: link.id,
          tell,
        },
        request.body,
      ),
    );
    await logComment(ctx, request, shared, request.body.name);
    return reply.status(201).send(ok('Comment added', { comment: { ...comment, likedBy: [], likes: 0 } }));
  });

  serve(app, routes.play, {}, async (request) => {
    const { token, versionId } = request.params;
    await recordPlay(ctx, request, token, versionId, request.body);
    return { success: true as const, message: 'Noted' };
  });
};
