// The signed-in session's routes (SPEC §7 Auth): who is signed in, the token's refresh and signing out. They
// belong to the auth area (the server serves them in modules/auth/routes.ts) and are declared apart from
// ./auth.ts because lib/session.tsx, on the web's first screen, calls them: this file imports only what that
// module already does (contract/auth and the envelope). The web's transport (lib/api.ts) posts the refresh
// at its own path; it is declared here for the server.
import { MeDataSchema, SessionDataSchema, UserSchema } from '../auth.ts';
import { envelope, OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

export const sessionRoutes = defineRoutes('session', {
  /** The signed-in user, in `data` and at the top level as well. */
  me: {
    method: 'GET',
    path: '/api/auth/me',
    summary: 'Get the signed-in user',
    response: envelope(MeDataSchema).extend({ user: UserSchema }),
  },
  refresh: {
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'Refresh the access token',
    response: envelope(SessionDataSchema),
  },
  logout: { method: 'POST', path: '/api/auth/logout', summary: 'Sign out', response: OkSchema },
});
