// The profile area's routes, declared once for the server and the web (../routes.ts): SPEC §7 GET/PUT
// /api/auth/profile and the avatar (under /api/auth, beside the sign-in routes), and other users' profiles
// (under /api/users). The avatar's upload is declared too, though the server registers it by hand (a streamed
// multipart body, read by its handler) and the web posts the form at its path. The avatar image itself is
// not: it streams bytes, and the web takes its URL from the answers (a profile's `avatar`).
import { envelope } from '../envelope.ts';
import {
  ProfileDataSchema,
  ProfileUpdateBodySchema,
  PublicProfileDataSchema,
  UserIdParamsSchema,
} from '../profile.ts';
import { defineRoutes } from '../routes.ts';

const ProfileResponse = envelope(ProfileDataSchema);

export const profileRoutes = defineRoutes({
  get: { method: 'GET', path: '/api/auth/profile', response: ProfileResponse },
  update: {
    method: 'PUT',
    path: '/api/auth/profile',
    body: ProfileUpdateBodySchema,
    response: ProfileResponse,
  },
  /** multipart/form-data with one image file (PNG, JPEG or WebP), read by the handler. */
  uploadAvatar: { method: 'POST', path: '/api/auth/profile/avatar', response: ProfileResponse },
  removeAvatar: { method: 'DELETE', path: '/api/auth/profile/avatar', response: ProfileResponse },
  publicProfile: {
    method: 'GET',
    path: '/api/users/:id/profile',
    params: UserIdParamsSchema,
    response: envelope(PublicProfileDataSchema),
  },
});
