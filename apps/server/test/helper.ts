// Builds a real Mixdesk app on a fresh database for one test file: SQLite in a temp dir, or a fresh
// PostgreSQL database on the server of TEST_DATABASE_URL when TEST_DIALECT=postgres (default the local server),
// each copied from a migrated template (database-templates.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { RATE_LIMIT_NAMES } from '../src/config-rate-limits.ts';
import { randomToken } from '../src/platform/ids.ts';
import { postgresTestDatabase, sqliteTestDatabase } from './database-templates.ts';

export const TEST_DIALECT = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: () => string;
  close: () => Promise<void>;
}

/**
 * For property tests, which send thousands of requests as one user within seconds: the per-client limits
 * raised past them, as RATE_LIMIT_<NAME> would for a load test. The limits themselves are tested with theirs.
 */
export const RAISED_RATE_LIMITS: Partial<Config> = {
  rateLimits: Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [name, 1_000_000])),
};

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-test-'));
  // A database of its own, copied from a migrated template (database-templates.ts), unless the test brings one.
  let dropDatabase = async () => {};
  let database: Config['database'];
  if (overrides.database) database = overrides.database;
  else if (TEST_DIALECT === 'postgres') {
    const made = await postgresTestDatabase(TEST_DATABASE_URL);
    database = made.database;
    dropDatabase = made.drop;
  } else {
    database = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    await sqliteTestDatabase(database.file);
  }
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    database,
    mailFrom: 'Mixdesk <no-reply@mixdesk.test>',
    appUrl: 'http://mixdesk.test',
    jwtSecret: randomToken(32),
    seedDemo: false,
    demoEmail: 'demo@mixdesk.test',
    logLevel: 'info',
    logPretty: false,
    trustProxy: false,
    adminEmails: [],
    // Tests run on the decoders production would: a system ffmpeg when one is installed.
    searchPath: process.env.PATH,
    // Hashing stays argon2id, with a cost low enough for thousands of test requests.
    argon2: { memoryCost: 1024, timeCost: 1 },
    // No background storage sweep racing a test's own objects; the sweeper's tests turn it on.
    storageSweepMinutes: 0,
    // Nor a digest sweep reading them (the packages tests call it themselves).
    digestSweepSeconds: 0,
    // Nor a webhook sweep (deliveries still go when an event is announced); the webhooks' tests turn it on.
    webhookSweepMs: 0,
    ...overrides,
    // Every test file signs up its people from one address: past the hourly count of new accounts per
    // address. The limit's own tests set it (abuse-limits.test.ts).
    rateLimits: { register: 1_000_000, ...overrides.rateLimits },
  };
  const chunks: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => chunks.push(c.toString()));
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logStream });
  } catch (err) {
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    config,
    logs: () => chunks.join(''),
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Cookies a response set, as a Cookie header value. */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies) out[c.name] = c.value;
  return out;
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomToken(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}@example.com`;
}

export const GOOD_PASSWORD = 'Sound-Check-42';

export interface SignedIn {
  user: { _id: string; name: string; email: string; role: string; verified: boolean };
  token: string;
  cookies: Record<string, string>;
  password: string;
}

/** Registers a user through the API (a factory that takes the real path). */
export async function registerUser(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string; role?: string } = {},
): Promise<SignedIn> {
  const password = input.password ?? GOOD_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: input.name ?? 'Test User',
      email: input.email ?? uniqueEmail(),
      password,
      ...(input.role ? { role: input.role } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { user: body.data.user, token: body.data.token, cookies: cookiesOf(res), password };
}

/**
 * A CSRF token and the cookie it pairs with, made for the session of the cookies given (a signed-in browser's),
 * or anonymous without them.
 */
export async function csrf(
  app: FastifyInstance,
  cookies: Record<string, string> = {},
): Promise<{ token: string; cookie: string }> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/csrf-token',
    ...(Object.keys(cookies).length ? { headers: { cookie: cookieHeader(cookies) } } : {}),
  });
  return { token: res.json().csrfToken, cookie: cookiesOf(res).mixdesk_csrf! };
}

/** The newest link of a kind mailed to an address, read from the outbox. */
export async function lastMailedToken(
  app: FastifyInstance,
  to: string,
  kind: 'verify_email' | 'reset_password',
) {
  const row = await app.ctx.db
    .selectFrom('mail_outbox')
    .select(['text_body'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const match = row?.text_body.match(/token=([\w-]+)/);
  if (!match) throw new Error(`no ${kind} mail to ${to}`);
  return match[1]!;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** How many of a user's sessions are still live (not signed out or revoked). */
export async function liveSessionCount(app: FastifyInstance, userId: string): Promise<number> {
  const rows = await app.ctx.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}
