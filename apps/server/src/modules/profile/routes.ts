// HTTP routes of the profile area, as the contract declares them: SPEC §7 GET/PUT /api/auth/profile, the
// avatar, and other users' profiles.
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, UserIdParamsSchema } from '@mixdesk/contract/profile';
import { profileRoutes as routes } from '@mixdesk/contract/routes/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import * as profile from './service.ts';

/** A cut-off or malformed multipart body is the client's problem (400), not ours (500). */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError || (err as { statusCode?: number }).statusCode) return err;
  const message = err instanceof Error ? err.message : '';
  if (/multipart|part|boundary|premature|aborted/i.test(message))
    return badRequest('The upload was cut off or is not valid multipart/form-data. Try again.');
  return err;
}

/** Mounted under /api/auth, beside the sign-in routes, as SPEC §7 lists the profile calls there. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Registered in this plugin only: other areas keep their own multipart limits.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: false,
  });

  const auth = { preHandler: app.requireAuth };

  serve(app, routes.get, auth, async (request) => ({
    success: true as const,
    message: 'Profile',
    data: { profile: await profile.getProfile(ctx, authOf(request).user._id) },
  }));

  serve(app, routes.update, auth, async (request) => ({
    success: true as const,
    message: 'Profile updated successfully',
    data: { profile: await profile.updateProfile(ctx, authOf(request).user._id, request.body) },
  }));

  // Registered by hand at its declared path: the handler reads the streamed multipart body itself, and the
  // document describes that body (rawBody), which `serve` has no place for.
  app.post(
    declaredUrl(app, routes.uploadAvatar),
    {
      preHandler: app.requireAuth,
      schema: {
        rawBody: {
          'multipart/form-data': z.object({
            avatar: BinarySchema.describe(
              'A PNG, JPEG or WebP image (the first file part, whatever its name)',
            ),
          }),
        },
        response: { 200: routes.uploadAvatar.response },
      },
    },
    async (request) => {
      const userId = authOf(request).user._id;
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the avatar as multipart/form-data with one image file',
        );
      try {
        const part = await request.file();
        if (!part) throw badRequest('Choose an image to upload');
        return {
          success: true as const,
          message: 'Avatar updated',
          data: { profile: await profile.setAvatar(ctx, userId, part.file) },
        };
      } catch (err) {
        throw asUploadError(err);
      }
    },
  );

  serve(app, routes.removeAvatar, auth, async (request) => ({
    success: true as const,
    message: 'Avatar removed',
    data: { profile: await profile.removeAvatar(ctx, authOf(request).user._id) },
  }));
};

/** Other users' profiles, mounted under /api/users. */
export const userProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  serve(app, routes.publicProfile, { preHandler: app.requireAuth }, async (request) => ({
    success: true as const,
    message: 'Profile',
    data: { profile: await profile.getPublicProfile(ctx, authOf(request).user._id, request.params.id) },
  }));

  // Registered by hand: it streams the image back, not a JSON envelope, and the web takes its URL from the
  // answers (a profile's `avatar`).
  app.get(
    '/:id/avatar',
    {
      preHandler: app.requireAuth,
      schema: {
        params: UserIdParamsSchema,
        querystring: routes.avatar.query,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) => {
      const { stream, mime } = await profile.getAvatar(ctx, authOf(request).user._id, request.params.id);
      return reply
        .header('content-type', mime)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .send(stream);
    },
  );
};
