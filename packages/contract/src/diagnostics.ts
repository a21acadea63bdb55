// Diagnostics (SPEC §2 Connection Test Dashboard, §3 Health report, §7 Diagnostics): the health report the
// /con-test screen polls, built by the server from real probes; administrators only.
import { z } from 'zod';

export const SERVICE_STATUSES = ['online', 'degraded', 'offline', 'error'] as const;
export const ServiceStatusSchema = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/** Every probe the server runs, in the order the screen lists them. */
export const SERVICE_NAMES = [
  'database',
  'cache',
  'realtime',
  'storage',
  'mail',
  'audio',
  'external',
] as const;
export const ServiceNameSchema = z.enum(SERVICE_NAMES);
export type ServiceName = z.infer<typeof ServiceNameSchema>;

export const SERVICE_LABELS: Record<ServiceName, string> = {
  database: 'Database',
  cache: 'Cache',
  realtime: 'Realtime Server',
  storage: 'File Storage',
  mail: 'Mail',
  audio: 'Audio Analysis',
  external: 'External APIs',
};

/** How long one probe may take before it counts as failed, and how often it may run at most. */
export const PROBE_TIMEOUT_MS = 2000;
export const PROBE_MIN_INTERVAL_MS = 1000;
/** SPEC §9: the screen polls every 5 s while Auto Refresh is on. */
export const DIAGNOSTICS_REFRESH_MS = 5000;
/** The server keeps its last 500 log entries in memory for the screen. */
export const LOG_BUFFER_SIZE = 500;

/** A figure a probe measured beside its status (pool sizes, file sizes, counts), shown as-is. */
const DetailValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ServiceHealthSchema = z.object({
  name: ServiceNameSchema,
  label: z.string(),
  status: ServiceStatusSchema,
  /** Milliseconds, rounded; null when the probe could not measure a round trip. */
  latency: z.number().nullable(),
  lastCheck: z.iso.datetime(),
  error: z.string().nullable(),
  /** A configured service failed and something stands in for it: a fault, shown as degraded. */
  fallbackActive: z.boolean(),
  /** What stands in while fallbackActive. */
  fallback: z.string().nullable(),
  /**
   * The service runs its embedded shape by design because nothing else is set up (no REDIS_URL: the in-process
   * cache; no SMTP_URL: mails kept in the mail_outbox table). A supported shape, not a fault: online, with this
   * note saying what runs.
   */
  embedded: z.string().nullable(),
  /** False for a service nothing is set up to use (no external APIs): it does not count toward the status. */
  configured: z.boolean(),
  details: z.record(z.string(), DetailValueSchema),
});
export type ServiceHealth = z.infer<typeof ServiceHealthSchema>;

/** SPEC's connection types, plus mail (a real SMTP connection when SMTP_URL is set). */
export const CONNECTION_TYPES = ['database', 'cache', 'websocket', 'ai', 'file', 'mail'] as const;

export const ConnectionSchema = z.object({
  name: z.string(),
  type: z.enum(CONNECTION_TYPES),
  status: z.enum(['connected', 'fallback', 'disconnected', 'error']),
  /** Where it points, with any password removed. */
  url: z.string(),
  latency: z.number().nullable(),
  lastConnected: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const PerformanceSchema = z.object({
  memory: z.object({
    used: z.number(),
    total: z.number(),
    percentage: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    heapPercentage: z.number(),
  }),
  cpu: z.object({ cores: z.number().int(), platform: z.string(), loadAverage: z.array(z.number()) }),
});
export type Performance = z.infer<typeof PerformanceSchema>;

export const EnvironmentSchema = z.object({
  nodeVersion: z.string(),
  environment: z.string(),
  port: z.number().int(),
  timezone: z.string(),
  /** The server process's resident memory, in bytes. */
  memory: z.number(),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/** SPEC's level filter: All Levels, Error, Warning, Info, Debug (fatal reads as error, trace as debug). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

export const LogEntrySchema = z.object({
  level: LogLevelSchema,
  /** The module that wrote it (http, mail, realtime, ...). */
  service: z.string(),
  message: z.string(),
  timestamp: z.iso.datetime(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const SYSTEM_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export const SystemStatusSchema = z.enum(SYSTEM_STATUSES);
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const HealthReportSchema = z.object({
  status: SystemStatusSchema,
  /** Seconds since the server process started. */
  uptime: z.number(),
  timestamp: z.iso.datetime(),
  /** 'SQLite' or 'PostgreSQL': the database link in the topology is labelled with it. */
  databaseEngine: z.string(),
  connections: z.array(ConnectionSchema),
  services: z.record(ServiceNameSchema, ServiceHealthSchema),
  performance: PerformanceSchema,
  environment: EnvironmentSchema,
  logs: z.array(LogEntrySchema),
  /** The kept log's version: asked for again with ?logsVersion=, unchanged logs are not sent. */
  logsVersion: z.number().int(),
  /** True when the request named the current logsVersion: `logs` is then empty, the reader's copy stands. */
  logsUnchanged: z.boolean(),
});
export type HealthReport = z.infer<typeof HealthReportSchema>;

/** GET /api/diagnostics/health?logsVersion=N: the logsVersion of the reader's copy of the logs. */
export const HealthQuerySchema = z.object({
  logsVersion: z.coerce
    .number({ error: 'logsVersion must be a whole number' })
    .int('logsVersion must be a whole number')
    .min(0, 'logsVersion must be 0 or more')
    .optional(),
});

export const SystemReportSchema = z.object({
  uptime: z.number(),
  performance: PerformanceSchema,
  environment: EnvironmentSchema,
});
export type SystemReport = z.infer<typeof SystemReportSchema>;

export const DatabaseReportSchema = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  label: z.string(),
  version: z.string().nullable(),
  service: ServiceHealthSchema,
  /** PostgreSQL only: the connection pool. */
  pool: z
    .object({ total: z.number(), idle: z.number(), inUse: z.number(), waiting: z.number(), max: z.number() })
    .nullable(),
  /** SQLite only: the database file and its write-ahead log, in bytes. */
  file: z.object({ sizeBytes: z.number(), walBytes: z.number() }).nullable(),
});
export type DatabaseReport = z.infer<typeof DatabaseReportSchema>;

export const ServiceTestParamsSchema = z.object({ serviceName: z.string().max(64) });
export const ServiceTestResultSchema = z.object({ service: ServiceHealthSchema });
export type ServiceTestResult = z.infer<typeof ServiceTestResultSchema>;

/** The overall status from the services: unhealthy when the database is down, degraded on any fallback. */
export function systemStatusOf(services: Record<ServiceName, ServiceHealth>): SystemStatus {
  if (services.database.status !== 'online' && services.database.status !== 'degraded') return 'unhealthy';
  const counted = Object.values(services).filter((s) => s.configured);
  return counted.every((s) => s.status === 'online' && !s.fallbackActive) ? 'healthy' : 'degraded';
}
