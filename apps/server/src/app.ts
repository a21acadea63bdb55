// buildApp(config): the whole server, not listening. main.ts listens; tests call it through inject.
import fastifyCookie from '@fastify/cookie';
import { CsrfTokenSchema } from '@mixdesk/contract/auth';
import { envelope } from '@mixdesk/contract/envelope';
import { platformRoutes } from '@mixdesk/contract/routes/platform';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Level, Logger } from 'pino';
import type { AppConfig, Config } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { sessionLookup } from './modules/auth/repo.ts';
import { areas } from './modules/index.ts';
import { decoders, describeDecoders } from './modules/media/decoder.ts';
import { waitingPeakJobs } from './modules/media/peak-jobs.ts';
import {
  personalTokensOf,
  reservedStorageOf,
  signInChallengeOf,
  storedKeyColumnsOf,
  versionReviewsOf,
} from './platform/area.ts';
import type { AppContext } from './platform/context.ts';
import { registerCompression } from './platform/http/compression.ts';
import { serve } from './platform/http/contract-routes.ts';
import { registerErrorHandler, sendError } from './platform/http/error-handler.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { requestIdGenerator } from './platform/ids.ts';
import { jobQueue } from './platform/jobs/jobs.ts';
import { createMailer } from './platform/mail/mail.ts';
import { mailQueueFigures, scheduleMailSweep } from './platform/mail/mail-queue.ts';
import type { LogBuffer } from './platform/observability/log-buffer.ts';
import { createLogger, redactUrl } from './platform/observability/logger.ts';
import { registerMetrics } from './platform/observability/metrics.ts';
import { DeferredChildLogger, deferredChildLogger } from './platform/observability/request-logger.ts';
import { attachRealtime } from './platform/realtime/realtime.ts';
import { authPlugin, sessionOfRequest } from './platform/security/auth.ts';
import { cookieNames, isHttps, setCsrfCookie } from './platform/security/cookies.ts';
import { ANONYMOUS, issueCsrfToken, isValidCsrfToken } from './platform/security/csrf.ts';
import { databaseSecretStore, fileSecretStore, randomSecret } from './platform/security/secret-store.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { scheduleStorageSweep } from './platform/storage/storage-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    database: Database;
    /** The server's last log lines, for the diagnostics. */
    logBuffer: LogBuffer;
  }
}

/** Whether the request's logger writes lines of `level` (pino or a DeferredChildLogger; the type hides it). */
const writes = (request: FastifyRequest, level: Level) => (request.log as Logger).isLevelEnabled(level);

/** One log line per request, with its id, status and time (no separate "incoming request" line). */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (writes(request, 'debug'))
      request.log.debug({ method: request.method, url: redactUrl(request.url) }, 'request received');
  }
  override requestCompleted(
    err: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Built only when it will be written: a benchmark or a quiet deployment runs at 'warn'.
    if (!err && !writes(request, 'info')) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (err) request.log.error({ ...line, err }, 'request failed');
    // The same line, without making the request's child logger or running redaction over plain values.
    else if (request.log instanceof DeferredChildLogger)
      request.log.plainLine('info', line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}

/** How long a stopping instance waits for connections it just accepted to send their request. */
const IDLE_CLOSE_DELAY_MS = 1000;

/** JSON bodies are small; file uploads (multipart) carry their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

export interface BuildOptions {
  /** An already open database (tests and benchmarks share one across apps). */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(given: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const nextRequestId = requestIdGenerator();
  const { logger, buffer: logBuffer } = createLogger(given, opts.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    childLoggerFactory: deferredChildLogger,
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && /^[\w-]{1,64}$/.test(header) ? header : nextRequestId();
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Router-level failures (a malformed URL, a path parameter too long to be an id) get our envelope too.
    frameworkErrors: (err, _request, reply) =>
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(reply, 'NOT_FOUND', 'Not found: no id is that long.')
        : sendError(reply, 'BAD_REQUEST', 'The URL is malformed.'),
    trustProxy: given.trustProxy,
    // While stopping, what reaches this instance before its listener closes is served, not refused: behind a
    // load balancer a 503 would be a failed request, where a refused connection is tried on another instance.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before the database opens: an unreachable bucket stops the start with nothing to close.
  const storage = await createStorage(given);
  const database = opts.database ?? (await openDatabase(given));
  await migrateToLatest(database.db, given.database.kind === 'postgres' ? given.database.schema : undefined);
  // Instances on one PostgreSQL database share the secrets they generate; one on SQLite keeps its own.
  const secrets =
    given.database.kind === 'postgres'
      ? databaseSecretStore(database.db, given.dataDir)
      : fileSecretStore(given.dataDir);
  const config: AppConfig = {
    ...given,
    jwtSecret:
      given.jwtSecret ?? (await secrets.readOrCreate('jwt-secret', randomSecret)).toString('utf8').trim(),
  };
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  app.decorate('database', database);
  app.decorate('logBuffer', logBuffer);
  app.log.info({ service: 'media', ...describeDecoders(decoders(config)) }, 'Audio decoders');
  // Services end the live connections of sessions they sign out, so the realtime server comes first.
  const realtime = await attachRealtime(app, config.redisUrl);
  app.decorate('realtime', realtime);
  // First, so that its request hook counts every route.
  const metrics = registerMetrics(app, {
    token: config.metricsToken,
    queueDepth: () => waitingPeakJobs(database.db),
    mailQueue: () => mailQueueFigures(database.db),
  });
  app.decorate('ctx', {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer,
    log: app.log,
    storage,
    secrets,
    live: realtime,
    countUploadBytes: metrics.countUploadBytes,
    sessions: sessionLookup(database.db),
    personalTokens: personalTokensOf(areas),
    userData: areas.flatMap((area) => (area.userData ? [area.userData] : [])),
    storedKeys: storedKeyColumnsOf(areas),
    projectParts: areas.flatMap((area) => (area.projectParts ? [area.projectParts] : [])),
    versionReviews: versionReviewsOf(areas),
    signInChallenge: signInChallengeOf(areas),
    reservedStorage: reservedStorageOf(areas),
  });
  app.addHook('onClose', async () => {
    mailer.close();
    storage.close?.();
    await database.close();
  });
  // Jobs left queued, or running when the last run stopped, are taken up once the app is up; on the way
  // down, running ones go back to the queue before the database closes.
  const jobs = jobQueue(app.ctx);
  for (const area of areas)
    for (const { kind, run, ...opts } of area.jobs?.(app.ctx) ?? []) jobs.register(kind, run, opts);
  app.addHook('onReady', async () => jobs.kick());
  app.addHook('preClose', async () => jobs.stop());
  // Objects a crash left without their row go once the app is up, and then every STORAGE_SWEEP_MINUTES.
  scheduleStorageSweep(app);
  // Mail whose first try failed is tried again when due, once the app is up and every MAIL_SWEEP_SECONDS.
  scheduleMailSweep(app);

  // While shutting down, answers to in-flight requests close their connection, so keep-alive
  // sockets cannot hold the process open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Only JSON (and multipart, where an area registers it) is accepted; text bodies get a clear 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  // JSON answers over 1 KiB go out brotli- or gzip-compressed; files and streams as they are.
  registerCompression(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, isHttps(config.appUrl));
  await app.register(authPlugin);
  // Before any area's route, so that every limited route gets its limit.
  registerRateLimits(app);
  // Before any route: the document lists the routes added after it.
  await registerOpenApi(app);

  serve(app, platformRoutes.health, {}, async () => ({
    success: true as const,
    message: 'ok',
    data: { status: 'ok' as const, uptime: process.uptime() },
  }));

  app.get(
    '/api/csrf-token',
    {
      schema: {
        response: { 200: envelope(CsrfTokenSchema).extend(CsrfTokenSchema.shape) },
      },
    },
    async (request, reply) => {
      // Made for the caller's session when they have one, else for "anonymous" (decision 003).
      const binding = (await sessionOfRequest(app, request)) ?? ANONYMOUS;
      const existing = request.cookies[cookieNames(isHttps(config.appUrl)).csrf];
      const csrfToken = isValidCsrfToken(config.jwtSecret, existing, binding)
        ? existing
        : issueCsrfToken(config.jwtSecret, binding);
      if (csrfToken !== existing) setCsrfCookie(reply, isHttps(config.appUrl), csrfToken);
      reply.header('cache-control', 'no-store');
      return { success: true as const, message: 'CSRF token', csrfToken, data: { csrfToken } };
    },
  );

  for (const area of areas)
    for (const routes of area.routes ?? []) await app.register(routes.plugin, { prefix: routes.prefix });
  for (const area of areas) await area.start?.(app);
  await registerWebApp(app, config.webDist);
  // Stopping closes the listener and then, in Node, every connection with no request in progress. One
  // accepted a moment before, whose request is on its way, would count as idle and be cut: behind a load
  // balancer that is a failed request (a 502 for a write, which is not tried again). Those connections get
  // IDLE_CLOSE_DELAY_MS to bring their request, which is then served; what is still idle after it is closed.
  const closeIdle = app.server.closeIdleConnections.bind(app.server);
  app.server.closeIdleConnections = () => {
    setTimeout(closeIdle, IDLE_CLOSE_DELAY_MS).unref();
  };
  // Live sockets would hold the server open: this instance's transports are closed before the HTTP server
  // stops, without Socket.IO's disconnect message, so clients take it as a lost connection and reconnect on
  // their own (behind a load balancer, to an instance that is up). Only this instance's: the engine is local.
  app.addHook('preClose', async () => {
    app.realtime.io.engine.close();
  });
  return app;
}
