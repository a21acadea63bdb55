// The diagnostics area's routes (SPEC §7 Diagnostics, administrators only),
// declared once for the server and the web (../routes.ts).
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

export const diagnosticsRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/diagnostics/health',
    query: HealthQuerySchema,
    response: envelope(HealthReportSchema),
  },
  system: { method: 'GET', path: '/api/diagnostics/system', response: envelope(SystemReportSchema) },
  database: { method: 'GET', path: '/api/diagnostics/database', response: envelope(DatabaseReportSchema) },
  testService: {
    method: 'POST',
    path: '/api/diagnostics/test/:serviceName',
    params: ServiceTestParamsSchema,
    response: envelope(ServiceTestResultSchema),
  },
});
