// The profile area's routes, declared once for the server and the web (../routes.ts): SPEC §7 GET/PUT
// /api/auth/profile and the avatar (under /api/auth, beside the sign-in routes), and other users' profiles
// (under /api/users). The avatar's upload is declared too, though the server registers it by hand (a streamed
// multipart body, read by its handler) and the web posts the form at its path. So is the avatar image itself
// (registered by hand: it streams bytes), whose URL the web takes from the answers (a profile's `avatar`).
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import {
  AvatarQuerySchema,
  ProfileDataSchema,
  ProfileUpdateBodySchema,
  PublicProfileDataSchema,
  UserIdParamsSchema,
} from '../profile.ts';
import { defineRoutes } from '../routes.ts';

const ProfileResponse = envelope(ProfileDataSchema);

export const profileRoutes = defineRoutes('profile', {
  get: { method: 'GET', path: '/api/auth/profile', summary: 'Get my profile', response: ProfileResponse },
  update: {
    method: 'PUT',
    path: '/api/auth/profile',
    summary: 'Update my profile',
    body: ProfileUpdateBodySchema,
    response: ProfileResponse,
  },
  /** multipart/form-data with one image file (PNG, JPEG or WebP), read by the handler. */
  uploadAvatar: {
    method: 'POST',
    path: '/api/auth/profile/avatar',
    summary: 'Upload my avatar',
    errors: [413, 415, 507],
    response: ProfileResponse,
  },
  removeAvatar: {
    method: 'DELETE',
    path: '/api/auth/profile/avatar',
    summary: 'Remove my avatar',
    response: ProfileResponse,
  },
  publicProfile: {
    method: 'GET',
    path: '/api/users/:id/profile',
    summary: "Get another user's profile",
    params: UserIdParamsSchema,
    response: envelope(PublicProfileDataSchema),
  },
  /** The image's bytes (image/png, image/jpeg or image/webp); 404 for no avatar. */
  avatar: {
    method: 'GET',
    path: '/api/users/:id/avatar',
    summary: "Get a user's avatar image",
    params: UserIdParamsSchema,
    query: AvatarQuerySchema,
    response: z.custom<Blob>(),
  },
});
