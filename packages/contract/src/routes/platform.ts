// The platform's own routes, outside every area (registered in apps/server/src/app.ts), declared once for the
// server and the web (../routes.ts). Apart from diagnostics' so the first screen loads only this.
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

/** Whether the server answers at all (the web's connection check, a load balancer's liveness probe). */
export const platformRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/health',
    response: envelope(z.object({ status: z.literal('ok'), uptime: z.number() })),
  },
});
