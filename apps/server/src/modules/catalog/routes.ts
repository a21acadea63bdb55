// HTTP routes of the catalog area (issue #37) as the contract declares them: works, a track's recording,
// releases, their readiness and artwork. Validate, call the service, shape the envelope. The files made of a
// release (files-routes.ts), the rounds of agreement (agreement-routes.ts, agree-routes.ts) and the calendar
// (calendar-routes.ts) are plugins of their own.
import { recordingRoutes, releaseRoutes, workRoutes } from '@mixdesk/contract/routes/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { contentDisposition } from '../media/public.ts';
import { artworkFile, putArtwork, removeArtwork } from './artwork.ts';
import { ARTWORK_MAX_BYTES } from './artwork-check.ts';
import { releaseBundle } from './bundle-read.ts';
import { readinessOf } from './readiness.ts';
import { getRecording, saveRecording } from './recordings.ts';
import * as releases from './releases.ts';
import { serveFile } from './serve-file.ts';
import * as works from './works.ts';

const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

export const worksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  serve(app, workRoutes.list, auth, async (request) =>
    ok('Works', { works: await works.listWorks(ctx, me(request)) }),
  );
  serve(app, workRoutes.create, auth, async (request, reply) =>
    reply
      .status(201)
      .send(ok('Work created', { work: await works.createWork(ctx, me(request), request.body) })),
  );
  serve(app, workRoutes.get, auth, async (request) =>
    ok('Work', { work: await works.getWork(ctx, me(request), request.params.id) }),
  );
  serve(app, workRoutes.update, auth, async (request) =>
    ok('Work saved', { work: await works.updateWork(ctx, me(request), request.params.id, request.body) }),
  );
  serve(app, workRoutes.remove, auth, async (request) => {
    await works.deleteWork(ctx, me(request), request.params.id);
    return { success: true as const, message: 'Work deleted' };
  });
};

export const recordingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  serve(app, recordingRoutes.get, auth, async (request) => {
    const { id, trackId } = request.params;
    return ok('Recording', { recording: await getRecording(ctx, authOf(request).user._id, id, trackId) });
  });
  serve(app, recordingRoutes.update, auth, async (request) => {
    const { id, trackId } = request.params;
    const recording = await saveRecording(ctx, authOf(request).user._id, id, trackId, request.body);
    return ok('Recording saved', { recording });
  });
};

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  // Artwork arrives as the raw body (scoped to this plugin), bounded before it is read.
  for (const type of ['image/jpeg', 'image/png'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: ARTWORK_MAX_BYTES }, (_r, body, done) =>
      done(null, body),
    );

  serve(app, releaseRoutes.list, auth, async (request) =>
    ok('Releases', { releases: await releases.listReleases(ctx, me(request)) }),
  );
  serve(app, releaseRoutes.create, auth, async (request, reply) =>
    reply
      .status(201)
      .send(ok('Release created', { release: await releases.createRelease(ctx, me(request), request.body) })),
  );
  serve(app, releaseRoutes.get, auth, async (request) =>
    ok('Release', { release: await releases.getRelease(ctx, me(request), request.params.id) }),
  );
  serve(app, releaseRoutes.update, auth, async (request) =>
    ok('Release saved', {
      release: await releases.updateRelease(ctx, me(request), request.params.id, request.body),
    }),
  );
  serve(app, releaseRoutes.remove, auth, async (request) => {
    await releases.deleteRelease(ctx, me(request), request.params.id);
    return { success: true as const, message: 'Release deleted' };
  });
  serve(app, releaseRoutes.readiness, auth, async (request) => {
    const problems = readinessOf(await releaseBundle(ctx, me(request), request.params.id));
    return ok(problems.length === 0 ? 'Ready to deliver' : `${problems.length} to fix before delivery`, {
      ready: problems.length === 0,
      problems,
    });
  });
  serve(app, releaseRoutes.putArtwork, auth, async (request) =>
    ok('Artwork saved', { release: await putArtwork(ctx, me(request), request.params.id, request.body) }),
  );
  serve(app, releaseRoutes.removeArtwork, auth, async (request) =>
    ok('Artwork removed', { release: await removeArtwork(ctx, me(request), request.params.id) }),
  );
  serveFile<{ id: string }>(
    app,
    releaseRoutes.artwork,
    { ...auth, produces: ['image/jpeg', 'image/png'] },
    async (request, reply) => {
      const file = await artworkFile(ctx, me(request), request.params.id);
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', contentDisposition('inline', file.name))
        .send(file.stream);
    },
  );
};
