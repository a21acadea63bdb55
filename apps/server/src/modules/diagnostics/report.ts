// The health report of SPEC §3 from the probes' results, the process and the log buffer.
import os from 'node:os';
import path from 'node:path';
import {
  type Connection,
  type DatabaseReport,
  type Environment,
  type HealthReport,
  type Performance,
  type ServiceHealth,
  type ServiceName,
  type SystemReport,
  systemStatusOf,
} from '@mixdesk/contract/diagnostics';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { ProbeRunner } from './probe-runner.ts';

/** Query parameters that carry secrets in connection strings. */
const SECRET_PARAMS = /^(password|pass|pwd|secret|token|sslkey|sslpassword)$/i;

/** A connection URL as it may be shown: no password, no secret query parameters. */
export function redactConnectionUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '';
    for (const key of [...url.searchParams.keys()]) if (SECRET_PARAMS.test(key)) url.searchParams.delete(key);
    return url.toString();
  } catch {
    return '[unparseable URL]';
  }
}

const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

export function performanceNow(): Performance {
  const total = os.totalmem();
  const used = total - os.freemem();
  const heap = process.memoryUsage();
  return {
    memory: {
      used,
      total,
      percentage: percent(used, total),
      heapUsed: heap.heapUsed,
      heapTotal: heap.heapTotal,
      heapPercentage: percent(heap.heapUsed, heap.heapTotal),
    },
    cpu: {
      cores: os.availableParallelism(),
      platform: `${os.platform()} ${os.arch()}`,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
  };
}

/** The process's time zone, read once: a DateTimeFormat made on every poll was a tenth of the report's cost. */
let timezone: string | null = null;

export function environmentOf(app: FastifyInstance): Environment {
  timezone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  const address = app.server.address();
  return {
    nodeVersion: process.version,
    environment: app.ctx.config.env,
    port: address && typeof address === 'object' ? address.port : app.ctx.config.port,
    timezone,
    memory: process.memoryUsage.rss(),
  };
}

export function systemReport(app: FastifyInstance): SystemReport {
  return {
    uptime: Math.round(process.uptime()),
    performance: performanceNow(),
    environment: environmentOf(app),
  };
}

const CONNECTION_STATUS: Record<ServiceHealth['status'], Connection['status']> = {
  online: 'connected',
  degraded: 'connected',
  offline: 'disconnected',
  error: 'error',
};

const engineLabel = (app: FastifyInstance) => (app.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');

/** One entry per real connection the server holds, its embedded shape, or a stand-in marked as fallback. */
export function connectionsOf(
  app: FastifyInstance,
  services: Record<ServiceName, ServiceHealth>,
  runner: ProbeRunner,
): Connection[] {
  const { config } = app.ctx;
  const entry = (name: string, type: Connection['type'], service: ServiceName, url: string): Connection => {
    const s = services[service];
    return {
      name,
      type,
      status: s.fallbackActive ? 'fallback' : CONNECTION_STATUS[s.status],
      url,
      latency: s.latency,
      lastConnected: runner.lastOk(service),
      error: s.error,
    };
  };
  const db = config.database;
  const ws = new URL('/socket.io', config.appUrl);
  ws.protocol = ws.protocol === 'https:' ? 'wss:' : 'ws:';
  return [
    entry(
      `${engineLabel(app)} database`,
      'database',
      'database',
      db.kind === 'sqlite' ? `file://${db.file}` : redactConnectionUrl(db.url),
    ),
    entry(
      config.redisUrl ? 'Redis cache' : 'In-process cache',
      'cache',
      'cache',
      config.redisUrl ? redactConnectionUrl(config.redisUrl) : 'memory://in-process',
    ),
    entry('Socket.IO realtime', 'websocket', 'realtime', ws.toString()),
    config.s3
      ? entry('S3 object storage', 'file', 'storage', s3Url(config.s3))
      : entry('Local file storage', 'file', 'storage', `file://${path.join(config.dataDir, 'files')}`),
    entry(
      config.smtpUrl ? 'SMTP mail' : 'Mail outbox',
      'mail',
      'mail',
      config.smtpUrl ? redactConnectionUrl(config.smtpUrl) : 'outbox://mail_outbox',
    ),
  ];
}

/** Where the bucket is, as s3://bucket at its endpoint (never its keys). */
const s3Url = (s3: NonNullable<Config['s3']>) =>
  s3.endpoint ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}` : `s3://${s3.bucket} (${s3.region})`;

/** The health report but its logs, which the route takes from the log buffer as they are (see health-json.ts). */
export async function healthReport(
  app: FastifyInstance,
  runner: ProbeRunner,
): Promise<Omit<HealthReport, 'logs' | 'logsVersion' | 'logsUnchanged'>> {
  const services = await runner.checkAll();
  const system = systemReport(app);
  return {
    status: systemStatusOf(services),
    uptime: system.uptime,
    timestamp: new Date().toISOString(),
    databaseEngine: engineLabel(app),
    connections: connectionsOf(app, services, runner),
    services,
    performance: system.performance,
    environment: system.environment,
  };
}

/** The database's version string, asked once per app while the database answers. */
const versions = new WeakMap<FastifyInstance, string>();

export async function databaseReport(app: FastifyInstance, runner: ProbeRunner): Promise<DatabaseReport> {
  const service = await runner.check('database');
  if ((service.status === 'online' || service.status === 'degraded') && !versions.has(app)) {
    const version = await app.database.version().catch(() => null);
    if (version) versions.set(app, version);
  }
  const stats = app.database.stats();
  return {
    engine: app.database.dialect,
    label: engineLabel(app),
    version: versions.get(app) ?? null,
    service,
    pool:
      stats.dialect === 'postgres'
        ? {
            total: stats.total,
            idle: stats.idle,
            inUse: stats.total - stats.idle,
            waiting: stats.waiting,
            max: stats.max,
          }
        : null,
    file: stats.dialect === 'sqlite' ? { sizeBytes: stats.sizeBytes, walBytes: stats.walBytes } : null,
  };
}
