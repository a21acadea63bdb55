// Single sign-on (issue #38, decision 045), declared once for the server and the web (../routes.ts). The
// options are JSON, read by /auth through `call`; start and callback answer a browser's navigation with a
// redirect (302), so the server registers them by hand at their declared paths and the web links to start by
// address (`fillPath`), never through `call`.
import { envelope } from '../envelope.ts';
import { AuthOptionsSchema, OidcCallbackQuerySchema, OidcStartQuerySchema, RedirectSchema } from '../oidc.ts';
import { defineRoutes } from '../routes.ts';

export const oidcRoutes = defineRoutes('oidc', {
  options: {
    method: 'GET',
    path: '/api/auth/options',
    summary: 'How this server signs people in: password, single sign-on, or both',
    response: envelope(AuthOptionsSchema),
  },
  start: {
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary: 'Start a single sign-on: a redirect (302) to the identity provider',
    query: OidcStartQuerySchema,
    errors: [404, 503],
    response: RedirectSchema,
  },
  callback: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary:
      'Finish a single sign-on: the provider’s redirect back; signs in and redirects (302) to the app, or (for a browser) to /auth?error=',
    query: OidcCallbackQuerySchema,
    errors: [404, 503],
    response: RedirectSchema,
  },
});
