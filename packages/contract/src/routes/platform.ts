// The platform's own routes, outside every area (registered in apps/server/src/app.ts), declared once for the
// server and the web (../routes.ts). Apart from diagnostics' so the first screen loads only this.
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

/** Whether the server answers at all (the web's connection check, a load balancer's liveness probe). */
export const platformRoutes = defineRoutes('platform', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Check that the server answers',
    response: envelope(z.object({ status: z.literal('ok'), uptime: z.number() })),
  },
  /**
   * The token to send in X-XSRF-TOKEN with every state-changing request made with the sign-in cookies (not
   * needed with a bearer token); it also sets the cookie it pairs with.
   */
  csrfToken: {
    method: 'GET',
    path: '/api/csrf-token',
    summary: 'Get a CSRF token for cookie sign-in',
    response: envelope(z.object({ csrfToken: z.string() })).extend({ csrfToken: z.string() }),
  },
});
