// GET …/versions/:versionId/package.zip, GET /api/projects/:id/package.zip and a guest's
// GET /api/share/:token/versions/:versionId/package.zip (@mixdesk/contract/routes/packages). By hand: the
// answer is a ZIP streamed back (200, or 206 for a range), not a JSON envelope; the paths and params are the
// declarations'.

import { packageRoutes as routes } from '@mixdesk/contract/routes/packages';
import { RangeHeadersSchema } from '@mixdesk/contract/transfer-headers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { logDownload } from '../share-links/public.ts';
import { sendPackage } from './send-package.ts';
import { projectPackage, sharedPackage, versionPackage } from './service.ts';

const zipAnswers = {
  headers: RangeHeadersSchema,
  produces: ['application/zip'],
  response: { 200: BinarySchema, 206: BinarySchema },
};

/** Under /api/projects: the team's packages, for whoever may listen to the version (or the project). */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    declaredUrl(app, routes.version),
    { preHandler: app.requireAuth, schema: { params: routes.version.params, ...zipAnswers } },
    async (request, reply) => {
      const { id, trackId, versionId } = request.params;
      const ids = { projectId: id, trackId, versionId };
      const pkg = await versionPackage(ctx, authOf(request).user._id, ids);
      return sendPackage(ctx, request, reply, pkg);
    },
  );

  app.get(
    declaredUrl(app, routes.project),
    { preHandler: app.requireAuth, schema: { params: routes.project.params, ...zipAnswers } },
    async (request, reply) => {
      const pkg = await projectPackage(ctx, authOf(request).user._id, request.params.id);
      return sendPackage(ctx, request, reply, pkg);
    },
  );
};

/** Under /api/share: a guest's package of a shared version; each download is one line of the link's log. */
export const sharedPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // As every answer through a link (revocable at once): never kept by a cache, refusals included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });
  app.get(
    declaredUrl(app, routes.shared),
    { schema: { params: routes.shared.params, ...zipAnswers } },
    async (request, reply) => {
      const { token, versionId } = request.params;
      const { pkg, shared } = await sharedPackage(ctx, request, token, versionId);
      return sendPackage(ctx, request, reply, pkg, {
        cacheControl: 'no-store',
        onDownloadStart: () => logDownload(ctx, request, shared),
      });
    },
  );
};
