// GET …/versions/:versionId/markers?format=audacity|reaper|midi|wav (@mixdesk/contract/routes/markers): a
// version's comments as a download for a DAW (markers.ts). By hand: the answer is a file, not a JSON envelope;
// its path, params and query are the declaration's, so a bad or missing format is the usual 400.
import { markerRoutes as routes } from '@mixdesk/contract/routes/markers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { contentDisposition } from '../media/public.ts';
import { exportMarkers } from './markers.ts';

export const markersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = routes.export;
  app.get(
    declaredUrl(app, route),
    {
      preHandler: app.requireAuth,
      schema: {
        params: route.params,
        querystring: route.query,
        produces: ['text/plain', 'text/csv', 'audio/midi', 'audio/wav'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) => {
      const { id, trackId, versionId } = request.params;
      const ids = { projectId: id, trackId, versionId };
      const file = await exportMarkers(ctx, authOf(request).user._id, ids, request.query.format);
      return (
        reply
          .type(file.type)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition('attachment', file.name))
          // The comments change: every export is made afresh.
          .header('cache-control', 'no-store')
          .send(file.body)
      );
    },
  );
};
