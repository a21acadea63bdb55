// HTTP routes for a version's null test (issue #36), as packages/contract/src/routes/stems.ts declares them:
// read it (anyone who may view the version), or run it again now (editors). `…/stems/null-test` is a path of its
// own: a static segment, which the router prefers to a stem's `…/stems/:stemId`.
import { stemRoutes as routes } from '@mixdesk/contract/routes/stems';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { authOf } from '../../platform/security/auth.ts';
import { countStems, queueNullTest, readNullTest } from './null-test.ts';
import { requireVersion } from './versions-service.ts';

export const nullTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const versionIds = (p: { id: string; trackId: string; versionId: string }) => ({
    projectId: p.id,
    trackId: p.trackId,
    versionId: p.versionId,
  });

  serve(app, routes.nullTest, auth, async (request) => {
    const userId = authOf(request).user._id;
    const { version } = await requireVersion(ctx, userId, versionIds(request.params), 'view');
    const nullTest = await readNullTest(ctx.db, version.id, await countStems(ctx.db, version.id));
    return ok('Null test', { nullTest });
  });

  serve(app, routes.runNullTest, auth, async (request, reply) => {
    const userId = authOf(request).user._id;
    const { project, version } = await requireVersion(ctx, userId, versionIds(request.params), 'edit');
    const stemCount = await ctx.db.transaction().execute(async (trx) => {
      const count = await countStems(trx, version.id);
      if (count === 0) throw conflict('This version has no stems: upload its stems to run the null test.');
      await queueNullTest(trx, { versionId: version.id, projectId: project.id });
      return count;
    });
    jobQueue(ctx).kick();
    const nullTest = await readNullTest(ctx.db, version.id, stemCount);
    return reply.status(202).send(ok('Null test queued', { nullTest }));
  });
};
