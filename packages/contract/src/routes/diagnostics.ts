// The diagnostics area's routes (SPEC §7 Diagnostics, administrators only),
// declared once for the server and the web (../routes.ts).
import { z } from 'zod';
import {
  DatabaseReportSchema,
  HealthQuerySchema,
  HealthReportSchema,
  ServiceTestParamsSchema,
  ServiceTestResultSchema,
  SystemReportSchema,
} from '../diagnostics.ts';
import { envelope } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

export const diagnosticsRoutes = defineRoutes('diagnostics', {
  /** Whether this instance takes traffic (a load balancer's readiness probe): 503 while it cannot or stops. */
  ready: {
    method: 'GET',
    path: '/api/ready',
    summary: 'Check that the server is ready for traffic',
    errors: [503],
    response: envelope(z.object({ status: z.literal('ready') })),
  },
  health: {
    method: 'GET',
    path: '/api/diagnostics/health',
    summary: "Check the health of the server's services",
    query: HealthQuerySchema,
    response: envelope(HealthReportSchema),
  },
  system: {
    method: 'GET',
    path: '/api/diagnostics/system',
    summary: 'Get the system report',
    response: envelope(SystemReportSchema),
  },
  database: {
    method: 'GET',
    path: '/api/diagnostics/database',
    summary: 'Get the database report',
    response: envelope(DatabaseReportSchema),
  },
  testService: {
    method: 'POST',
    path: '/api/diagnostics/test/:serviceName',
    summary: 'Test one service now',
    params: ServiceTestParamsSchema,
    response: envelope(ServiceTestResultSchema),
  },
});
