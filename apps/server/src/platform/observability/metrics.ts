// GET /metrics in Prometheus text format: requests by route and status, their latency, open sockets, upload
// bytes, the waveform job queue, the database (pool or file), and Node's process figures. Administrators may
// read it, and a scraper with `Authorization: Bearer $METRICS_TOKEN`; anyone else gets exactly what an unknown
// path gets. Figures that describe state are read at scrape time, so requests pay only for their own count.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../../db/database.ts';
import { AppError } from '../errors.ts';
import { requireAdmin } from '../http/admin.ts';
import { mailQueueGauges } from '../mail/mail-metrics.ts';
import type { MailQueueFigures } from '../mail/mail-queue.ts';
import { RequestHistogram } from './request-histogram.ts';

export const METRICS_PATH = '/metrics';

/** An API answers in milliseconds; a slow export or upload takes seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | undefined;

/**
 * Node's own figures (CPU, memory, event loop, GC) belong to the process, not to one app: they are collected
 * once per process. Per app, the event-loop monitor and the GC observer would pile up with every app a test
 * process builds, and nothing in prom-client stops them when the app closes.
 */
/** How often the event-loop lag is sampled. */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * prom-client's totals of its per-type gauges `nodejs_active_{handles,requests,resources}`: gauges named like
 * counters, which `promtool check metrics` rejects (and Prometheus would treat as counters in rate()). Their
 * figure is the per-type gauge summed over `type`, so they are left out.
 */
const GAUGES_NAMED_AS_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // The event-loop lag histogram samples every 100 ms rather than prom-client's 10 ms: a 10 ms timer woke
    // an idle server 100 times a second (0.5 % of a core, a quarter of the diagnostics polling budget).
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    for (const name of GAUGES_NAMED_AS_COUNTERS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries METRICS_TOKEN as its bearer token (compared in constant time). */
function tokenCheck(token: string | undefined): (request: FastifyRequest) => boolean {
  if (!token) return () => false;
  const expected = sha256(token);
  return (request) => {
    const header = request.headers.authorization;
    if (!header?.toLowerCase().startsWith('bearer ')) return false;
    return timingSafeEqual(sha256(header.slice(7).trim()), expected);
  };
}

/** Gauges of the database: the pool on PostgreSQL, the file and its WAL on SQLite. */
function databaseGauges(app: FastifyInstance, registers: Registry[]): void {
  const gauge = (name: string, help: string, read: (stats: DatabaseStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(app.database.stats()));
      },
    });
  if (app.database.dialect === 'postgres') {
    const pool = (key: 'total' | 'idle' | 'waiting' | 'max') => (s: DatabaseStats) =>
      s.dialect === 'postgres' ? s[key] : Number.NaN;
    gauge('mixdesk_db_pool_connections', 'Connections the PostgreSQL pool holds open', pool('total'));
    gauge('mixdesk_db_pool_idle_connections', 'Open pool connections not in use', pool('idle'));
    gauge('mixdesk_db_pool_waiting_clients', 'Queries waiting for a pool connection', pool('waiting'));
    gauge('mixdesk_db_pool_max_connections', 'The most connections the pool opens', pool('max'));
  } else {
    const file = (key: 'sizeBytes' | 'walBytes') => (s: DatabaseStats) =>
      s.dialect === 'sqlite' ? s[key] : Number.NaN;
    gauge('mixdesk_db_file_bytes', 'Size of the SQLite database file', file('sizeBytes'));
    gauge('mixdesk_db_wal_bytes', 'Size of the SQLite write-ahead log', file('walBytes'));
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: a bearer token that may read /metrics besides administrators. */
  token?: string;
  /** How many jobs wait in the queue (the waveform jobs), asked at scrape time. */
  queueDepth: () => Promise<number>;
  /** The mail queue's figures (waiting, retrying, failed, oldest), asked at scrape time. */
  mailQueue: () => Promise<MailQueueFigures>;
}

export interface AppMetrics {
  /** Counts the bytes an upload stored. */
  countUploadBytes(bytes: number): void;
}

/** Registers the request hook, the gauges and GET /metrics. Call it before the routes it should count. */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Its _count series is the request count: a separate counter would double the cost per request.
  const requests = new RequestHistogram(
    'mixdesk_http_request_duration_seconds',
    'HTTP requests answered and the time each took, by method, route pattern and status',
    LATENCY_BUCKETS,
  );
  registry.registerMetric(requests as unknown as Histogram);
  const uploadBytes = new Counter({
    name: 'mixdesk_upload_bytes_total',
    help: 'Bytes of uploaded files stored (audio versions, project files, avatars)',
    registers,
  });
  new Gauge({
    name: 'mixdesk_open_sockets',
    help: 'Realtime (Socket.IO) connections open on this instance',
    registers,
    collect() {
      this.set(app.realtime.io.engine.clientsCount);
    },
  });
  new Gauge({
    name: 'mixdesk_waveform_jobs_waiting',
    help: 'Uploaded versions waiting for their waveform, across all instances (the job queue depth)',
    registers,
    async collect() {
      try {
        this.set(await opts.queueDepth());
      } catch (err) {
        // The other figures matter most when the database is in trouble: this one reads as unknown.
        app.log.warn({ service: 'metrics', err }, 'Could not count the waveform jobs waiting');
        this.set(Number.NaN);
      }
    },
  });
  databaseGauges(app, registers);
  mailQueueGauges(registers, opts.mailQueue, app.log);
  const exposed = Registry.merge([processMetrics(), registry]);

  // The route's pattern, never the raw URL: ids in labels would make a new series per id.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const hasToken = tokenCheck(opts.token);
  const admin = requireAdmin(app);
  const isAdmin = (request: FastifyRequest) =>
    admin(request).then(
      () => true,
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
        throw err;
      },
    );

  app.get(
    METRICS_PATH,
    // Text, not JSON: not in the OpenAPI document. A scrape every few seconds would crowd the kept log.
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!hasToken(request) && !(await isAdmin(request))) return reply.callNotFound();
      return reply
        .type(exposed.contentType)
        .header('cache-control', 'no-store')
        .send(await exposed.metrics());
    },
  );

  return { countUploadBytes: (bytes) => uploadBytes.inc(bytes) };
}
