// The media area's routes, mounted under /api/projects beside the projects area. Upload bodies (multipart,
// or the raw file as application/octet-stream) are accepted here only, so file uploads exist on these
// routes and nowhere else.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filesRoutes } from './files-routes.ts';
import { nullTestRoutes } from './null-test-routes.ts';
import { stemsRoutes } from './stems-routes.ts';
import { tracksRoutes } from './tracks-routes.ts';
import { FIELD_MAX_BYTES, RAW_UPLOAD_TYPE, uploadLimit } from './upload.ts';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: uploadLimit(app.ctx) + 1,
      files: 1,
      fields: 10,
      fieldSize: FIELD_MAX_BYTES,
      parts: 12,
    },
  });
  // A raw upload's body is left unread here: the route streams it into storage once access is checked.
  app.addContentTypeParser(RAW_UPLOAD_TYPE, (_request, _body, done) => done(null));
  await app.register(tracksRoutes);
  await app.register(filesRoutes);
  await app.register(stemsRoutes);
  await app.register(nullTestRoutes);
};
