// Reads and validates the environment once at start. Nothing else in the server reads process.env.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { bool, count, url } from './config-fields.ts';
import { checkOidcSettings, OIDC_SETTINGS, type OidcConfig, oidcConfigOf } from './config-oidc.ts';
import { RATE_LIMIT_NAMES, type RateLimitName } from './config-rate-limits.ts';
import { checkS3Settings, S3_SETTINGS, type S3Config, s3ConfigOf } from './config-s3.ts';

export type { OidcConfig } from './config-oidc.ts';
export type { S3Config } from './config-s3.ts';

/** RATE_LIMIT_WRITE, RATE_LIMIT_SEARCH, ...: one count per line of the limits table. */
function rateLimitSettings() {
  return Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [envNameOf(name), count.optional()])) as Record<
    `RATE_LIMIT_${Uppercase<RateLimitName>}`,
    z.ZodOptional<typeof count>
  >;
}
const envNameOf = (name: RateLimitName) =>
  `RATE_LIMIT_${name.toUpperCase()}` as `RATE_LIMIT_${Uppercase<RateLimitName>}`;

const EnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Mixdesk <no-reply@mixdesk.local>'),
  APP_URL: url(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.default(true),
  DEMO_EMAIL: z.email('must be an email address').default('demo@mixdesk.app'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  MAX_UPLOAD_BYTES: z.coerce.number({ error: 'must be a number' }).int().positive().optional(),
  STORAGE_QUOTA_BYTES: z.coerce.number({ error: 'must be a number' }).int().positive().optional(),
  JOB_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(256).optional(),
  SIGNING_P12: z.string().min(1).optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SIGNING_LINK_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(365).default(30),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  DECODER_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).optional(),
  MAX_AUDIO_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .optional(),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000),
  NOTIFICATION_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(86400)
    .optional(),
  NOTIFICATION_EMAIL_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(86400)
    .optional(),
  STORAGE_SWEEP_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .optional(),
  MAIL_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3600).optional(),
  DIGEST_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3600).optional(),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .positive({ error: 'must be more than 0' })
    .max(24 * 30)
    .optional(),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(60_000).optional(),
  WEBHOOK_SWEEP_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3_600_000).optional(),
  PATH: z.string().optional(),
  ...S3_SETTINGS,
  ...OIDC_SETTINGS,
  ...rateLimitSettings(),
});

/** Settings that only make sense together. */
const EnvSchema = EnvFields.superRefine((e, ctx) => {
  checkS3Settings(e, ctx);
  checkOidcSettings(e, ctx);
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  /**
   * JWT_SECRET. Unset, the app generates one at its first start and keeps it (platform/security/secret-store.ts):
   * in DATA_DIR on SQLite, in the database on PostgreSQL so that every instance agrees.
   */
  jwtSecret?: string;
  seedDemo: boolean;
  demoEmail: string;
  demoPassword?: string;
  logLevel: Env['LOG_LEVEL'];
  logPretty: boolean;
  trustProxy: boolean;
  /** Built web app to serve; absent when it has not been built (API-only, e.g. in API tests). */
  webDist?: string;
  /** Largest file one upload may carry, in bytes (MAX_UPLOAD_BYTES; DEFAULT_MAX_UPLOAD_BYTES when absent). */
  maxUploadBytes?: number;
  /** Bytes each user's projects may hold (STORAGE_QUOTA_BYTES; DEFAULT_STORAGE_QUOTA_BYTES, 10 GiB, when absent). */
  storageQuotaBytes?: number;
  /** Background jobs one instance runs at once (JOB_CONCURRENCY; one per CPU core when absent). */
  jobConcurrency?: number;
  /** PKCS#12 file that seals completed documents (SIGNING_P12); absent: one is generated under DATA_DIR. */
  signingP12?: string;
  signingP12Password?: string;
  /** How long a document's signing link works (SIGNING_LINK_DAYS, default 30). */
  signingLinkDays?: number;
  /** Accounts that may open the diagnostics (ADMIN_EMAILS, lower-cased); the demo account too while seedDemo. */
  adminEmails: string[];
  /** A bearer token that may read /metrics besides administrators (METRICS_TOKEN). */
  metricsToken?: string;
  /** ffmpeg / ffprobe to run (FFMPEG_PATH, FFPROBE_PATH); absent: one on `searchPath`, else the npm build. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Where a system ffmpeg and prlimit are looked for (PATH at start). */
  searchPath?: string;
  /** Wall clock for decoding a whole upload (DECODER_TIMEOUT_SECONDS, default 120); probes get at most 30 s. */
  decoderTimeoutSeconds?: number;
  /** Longest audio an upload may declare (MAX_AUDIO_SECONDS, default 3 hours): refused at probe, never decoded. */
  maxAudioSeconds?: number;
  /**
   * How long a stopping instance (SIGTERM) lets in-flight requests and uploads finish before it exits anyway
   * (SHUTDOWN_GRACE_MS, default 30 s).
   */
  shutdownGraceMs?: number;
  /** How often this instance mails waiting notifications (NOTIFICATION_SWEEP_SECONDS, default 60; 0: never). */
  notificationSweepSeconds?: number;
  /** How long a notification waits before it is mailed (NOTIFICATION_EMAIL_DELAY_SECONDS, default 120). */
  notificationEmailDelaySeconds?: number;
  /** Counts that replace the limits table's (RATE_LIMIT_<NAME>); see config-rate-limits.ts. */
  rateLimits?: Partial<Record<RateLimitName, number>>;
  /** S3-compatible object storage for uploaded files (S3_*); absent (no S3_BUCKET): DATA_DIR/files. */
  s3?: S3Config;
  /** Single sign-on through an OpenID Connect provider (OIDC_*); absent: none (decision 045). */
  oidc?: OidcConfig;
  /** Sign-in and registration with a password (PASSWORD_LOGIN, default on; off needs `oidc`). */
  passwordLogin?: boolean;
  /**
   * How often this instance removes stored objects no row names (STORAGE_SWEEP_MINUTES, default 60, also
   * once at start; 0: never).
   */
  storageSweepMinutes?: number;
  /** How often this instance sends queued mail that is due (MAIL_SWEEP_SECONDS, default 30; 0: never). */
  mailSweepSeconds?: number;
  /**
   * How often this instance queues the digests packages need for objects stored since (DIGEST_SWEEP_SECONDS,
   * default 60, also once at start; 0: never, and no hourly removal of the digests of objects gone).
   */
  digestSweepSeconds?: number;
  /** How long an unfinished resumable upload waits for its next bytes (UPLOAD_EXPIRY_HOURS, default 24). */
  uploadExpiryHours?: number;
  /**
   * Webhooks may reach loopback, private, link-local and metadata addresses (WEBHOOK_ALLOW_PRIVATE, default
   * off): for a self-hosted network whose receivers are on it.
   */
  webhookAllowPrivate?: boolean;
  /** How long one webhook delivery may take, connection to last byte (WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs?: number;
  /**
   * How often this instance looks for webhook deliveries that are due (WEBHOOK_SWEEP_MS, default 1000; 0:
   * only when told of new events, on this instance).
   */
  webhookSweepMs?: number;
  /** Password hashing cost; lowered only by the test helper. */
  argon2: { memoryCost: number; timeCost: number };
}

/** The configuration the running app works with: every generated secret resolved (see buildApp). */
export type AppConfig = Config & { jwtSecret: string };

/** 2 GiB: a long multitrack session export or a 24-bit/96 kHz album master fits. */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the variable and the problem. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  // Made owner-only: it holds the database, the secrets and everyone's files. One that exists is the
  // operator's (a mounted volume, say), and keeps the mode they gave it.
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const defaultDist = path.resolve(import.meta.dirname, '../../web/dist');
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultDist;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: 'sqlite', file: path.join(dataDir, 'mixdesk.db') },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO,
    demoEmail: e.DEMO_EMAIL,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? Boolean(process.stdout.isTTY),
    trustProxy: e.TRUST_PROXY,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    maxUploadBytes: e.MAX_UPLOAD_BYTES ?? DEFAULT_MAX_UPLOAD_BYTES,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    jobConcurrency: e.JOB_CONCURRENCY,
    signingP12: e.SIGNING_P12 ? path.resolve(e.SIGNING_P12) : undefined,
    signingP12Password: e.SIGNING_P12_PASSWORD,
    signingLinkDays: e.SIGNING_LINK_DAYS,
    adminEmails: e.ADMIN_EMAILS ?? [],
    metricsToken: e.METRICS_TOKEN,
    ffmpegPath: e.FFMPEG_PATH ? path.resolve(e.FFMPEG_PATH) : undefined,
    ffprobePath: e.FFPROBE_PATH ? path.resolve(e.FFPROBE_PATH) : undefined,
    searchPath: e.PATH,
    decoderTimeoutSeconds: e.DECODER_TIMEOUT_SECONDS,
    maxAudioSeconds: e.MAX_AUDIO_SECONDS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    notificationSweepSeconds: e.NOTIFICATION_SWEEP_SECONDS,
    notificationEmailDelaySeconds: e.NOTIFICATION_EMAIL_DELAY_SECONDS,
    storageSweepMinutes: e.STORAGE_SWEEP_MINUTES,
    mailSweepSeconds: e.MAIL_SWEEP_SECONDS,
    digestSweepSeconds: e.DIGEST_SWEEP_SECONDS,
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookSweepMs: e.WEBHOOK_SWEEP_MS,
    rateLimits: Object.fromEntries(
      RATE_LIMIT_NAMES.flatMap((name) => {
        const value = e[envNameOf(name)];
        return value === undefined ? [] : [[name, value]];
      }),
    ),
    s3: s3ConfigOf(e),
    oidc: oidcConfigOf(e),
    passwordLogin: e.PASSWORD_LOGIN,
    argon2: { memoryCost: 19456, timeCost: 2 },
  };
}
