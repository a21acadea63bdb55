// /api/diagnostics/* (SPEC §7 Diagnostics) for administrators only (everyone else gets the unknown-route
// 404), and /api/ready for load balancers. Reports come from real probes run by one ProbeRunner per app.
import { SERVICE_NAMES, ServiceNameSchema } from '@mixdesk/contract/diagnostics';
import { envelope } from '@mixdesk/contract/envelope';
import { diagnosticsRoutes as routes } from '@mixdesk/contract/routes/diagnostics';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { requireAdmin } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { createCacheProbeClient } from './cache-client.ts';
import { healthEnvelopeJson } from './health-json.ts';
import { ProbeRunner } from './probe-runner.ts';
import { createProbes } from './probes.ts';
import { databaseReport, healthReport, systemReport } from './report.ts';
import { SlidingWindowLimit } from './test-limit.ts';

/** Test Service presses per administrator: generous for a person, a wall for a script. */
const TESTS_PER_WINDOW = 10;
const TEST_WINDOW_MS = 10_000;

/** The app's probe runner (and the Redis connection it pings), closed with the app. */
function createRunner(app: FastifyInstance): ProbeRunner {
  const { config } = app.ctx;
  const cache = config.redisUrl ? createCacheProbeClient(config.redisUrl, app.log) : null;
  app.addHook('onClose', async () => {
    await cache?.close();
  });
  return new ProbeRunner(createProbes(app, cache));
}

const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** Mounted at /api: the admin-only /diagnostics/* and the public /ready share one probe runner. */
export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const runner = createRunner(app);
  const limit = new SlidingWindowLimit(TESTS_PER_WINDOW, TEST_WINDOW_MS);
  const admin = { preHandler: requireAdmin(app) };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  readiness(app, runner);

  // Polled every 5 s by every open screen: its own request lines would crowd the kept log out.
  serve(app, routes.health, { ...admin, logLevel: 'warn' }, async (request, reply) => {
    const report = await healthReport(app, runner);
    // A screen that has the current lines is not sent them again (most polls: nothing was logged since).
    const logsVersion = app.logBuffer.version;
    const logsUnchanged = request.query.logsVersion === logsVersion;
    const body = healthEnvelopeJson(
      'System health',
      { ...report, logsVersion, logsUnchanged },
      logsUnchanged ? [] : app.logBuffer.entries(),
    );
    // JSON text with a JSON type goes out as it is.
    return reply.type('application/json; charset=utf-8').send(body);
  });

  serve(app, routes.system, admin, async () => ok('System', systemReport(app)));

  serve(app, routes.database, admin, async () => ok('Database', await databaseReport(app, runner)));

  serve(app, routes.testService, admin, async (request) => {
    const name = ServiceNameSchema.safeParse(request.params.serviceName);
    if (!name.success) {
      const known = SERVICE_NAMES.join(', ');
      throw new AppError('NOT_FOUND', `Unknown service '${request.params.serviceName}'. Services: ${known}`, [
        { path: 'serviceName', message: `Must be one of: ${known}` },
      ]);
    }
    limit.take(authOf(request).user._id, 'Too many service tests.');
    const service = await runner.check(name.data, { fresh: true });
    return ok(`${service.label} tested`, { service });
  });
};

/** /api/ready: 200 while this instance can serve (its database answers), 503 otherwise or while stopping. */
function readiness(app: Parameters<FastifyPluginAsyncZod>[0], runner: ProbeRunner): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  const ReadySchema = envelope(z.object({ status: z.literal('ready') }));
  app.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: {
        response: { 200: ReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (stopping) throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down');
      const database = await runner.check('database');
      if (database.status !== 'online' && database.status !== 'degraded')
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `Database unreachable: ${database.error ?? database.status}`,
        );
      return ok('Ready', { status: 'ready' as const });
    },
  );
}
