import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { freePort, type RunningRedis, startRedis } from '../../../test/services.ts';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { RATE_LIMITED_ROUTES, RATE_LIMITS } from '../../config-rate-limits.ts';
import { openDatabase } from '../../db/database.ts';

const WRITES = 5;
const SEARCHES = 4;

const createProject = (t: TestApp, who: SignedIn, title: string) =>
  t.app.inject({ method: 'POST', url: '/api/projects', headers: bearer(who.token), payload: { title } });

const projectTitles = async (t: TestApp, who: SignedIn) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/projects?limit=100',
    headers: bearer(who.token),
  });
  return (res.json().data.projects as { title: string }[]).map((p) => p.title).sort();
};

/** A signed-out write that costs nothing: a refresh with no refresh cookie (401), counted by address. */
const anonymousWrite = (app: TestApp['app'], remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress, headers });

describe('rate limits', () => {
  let t: TestApp;
  let ana: SignedIn;
  let ben: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { write: WRITES, search: SEARCHES } });
    // Registering counts as a signed-out write from the test's address, as any other.
    ana = await registerUser(t.app, { name: 'Ana' });
    ben = await registerUser(t.app, { name: 'Ben' });
  });
  afterAll(() => t.close());

  it('lets exactly the limit through, then answers 429 with Retry-After and stores nothing', async () => {
    const answers = [];
    for (let i = 1; i <= WRITES + 2; i++) answers.push(await createProject(t, ana, `Song ${i}`));
    expect(answers.slice(0, WRITES).map((r) => r.statusCode)).toEqual(Array(WRITES).fill(201));
    expect(answers[WRITES - 1]!.headers['ratelimit-remaining']).toBe('0');
    for (const refused of answers.slice(WRITES)) {
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.write.windowSeconds);
      expect(refused.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Too many changes in a short time\. Try again in \d+ seconds\.$/),
      });
    }
    // Reads are not writes: the limited user still sees what was saved, and only that.
    expect(await projectTitles(t, ana)).toEqual(
      Array.from({ length: WRITES }, (_, i) => `Song ${i + 1}`).sort(),
    );
  });

  it('counts each signed-in user alone: another user from the same address is unaffected', async () => {
    // Ana is past her limit from the test above; Ben, on the same address, works on in parallel.
    const [anaAnswers, benAnswers] = await Promise.all([
      Promise.all([1, 2, 3].map((i) => createProject(t, ana, `More ${i}`))),
      Promise.all([1, 2, 3].map((i) => createProject(t, ben, `Ben ${i}`))),
    ]);
    expect(anaAnswers.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(benAnswers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await projectTitles(t, ben)).toEqual(['Ben 1', 'Ben 2', 'Ben 3']);
  });

  it('counts signed-out clients by address', async () => {
    const first = [];
    for (let i = 0; i < WRITES + 1; i++) first.push((await anonymousWrite(t.app, '198.51.100.1')).statusCode);
    expect(first.slice(0, WRITES).every((s) => s === 401)).toBe(true);
    expect(first[WRITES]).toBe(429);
    expect((await anonymousWrite(t.app, '198.51.100.2')).statusCode).toBe(401);
    // Without TRUST_PROXY a forwarded-for header is the client's word, not its address.
    const spoofed = await anonymousWrite(t.app, '198.51.100.1', { 'x-forwarded-for': '203.0.113.50' });
    expect(spoofed.statusCode).toBe(429);
  });

  it('limits searching the lists on their own count', async () => {
    const cara = await registerUser(t.app, { name: 'Cara' });
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/projects?search=song', headers: bearer(cara.token) });
    const statuses = [];
    for (let i = 0; i < SEARCHES + 1; i++) statuses.push((await list()).statusCode);
    expect(statuses).toEqual([...Array(SEARCHES).fill(200), 429]);
    // Opening one project is not a search.
    expect((await createProject(t, cara, 'Still writing')).statusCode).toBe(201);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(cara.token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['ratelimit-limit']).toBeUndefined();
  });

  it('names only routes that exist', () => {
    for (const route of Object.keys(RATE_LIMITED_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });
});

describe('rate limits behind a proxy', () => {
  it('counts the forwarded address when TRUST_PROXY is on', async () => {
    const t = await createTestApp({ rateLimits: { write: 2 }, trustProxy: true });
    try {
      const via = (client: string) => anonymousWrite(t.app, '10.0.0.1', { 'x-forwarded-for': client });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await via('203.0.113.7')).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await via('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits across instances', () => {
  it('shares one count between two instances on one database', async () => {
    const t = await createTestApp({ rateLimits: { write: 4 } });
    const second = await buildApp(t.config, { database: await openDatabase(t.config) });
    try {
      const statuses = [];
      for (const app of [t.app, second, t.app, second, t.app, second])
        statuses.push((await anonymousWrite(app, '198.51.100.9')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await second.close();
      await t.close();
    }
  });

  describe('with Redis', () => {
    let redis: RunningRedis;
    beforeAll(async () => {
      redis = await startRedis(await freePort());
    });
    afterAll(() => redis.stop());

    it('shares one count in Redis between instances with databases of their own', async () => {
      const a = await createTestApp({ rateLimits: { write: 3 }, redisUrl: redis.url });
      const b = await createTestApp({ rateLimits: { write: 3 }, redisUrl: redis.url });
      try {
        const statuses = [];
        for (const t of [a, b, a, b])
          statuses.push((await anonymousWrite(t.app, '198.51.100.20')).statusCode);
        expect(statuses).toEqual([401, 401, 401, 429]);
        // The count is Redis's: neither database holds it.
        const rows = await a.app.ctx.db.selectFrom('rate_limit_hits').selectAll().execute();
        expect(rows.filter((r) => r.key.includes('198.51.100.20'))).toEqual([]);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('counts in the database while Redis is down, and serves every request', async () => {
      const port = await freePort();
      const gone = await startRedis(port);
      const t = await createTestApp({ rateLimits: { write: 2 }, redisUrl: gone.url });
      try {
        await gone.stop();
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await anonymousWrite(t.app, '198.51.100.30')).statusCode);
        expect(statuses).toEqual([401, 401, 429]);
        expect(t.logs()).toContain('Redis is unreachable: counting requests in the database');
      } finally {
        // Shutting down while Redis is gone does not wait for it.
        await t.close();
      }
    });
  });
});

describe('rate limit settings', () => {
  it('reads RATE_LIMIT_<NAME> to raise a limit, and refuses a count that is not one', () => {
    const base = { DATA_DIR: '/tmp/mixdesk-config-test', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, RATE_LIMIT_WRITE: '1000', RATE_LIMIT_UPLOAD: '500' }).rateLimits).toEqual({
      write: 1000,
      upload: 500,
    });
    expect(() => loadConfig({ ...base, RATE_LIMIT_SEARCH: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, RATE_LIMIT_SEARCH: '0' })).toThrow(/RATE_LIMIT_SEARCH/);
  });

  it('a raised limit lets a busy client through', async () => {
    const t = await createTestApp({ rateLimits: { write: 50 } });
    try {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await anonymousWrite(t.app, '198.51.100.40')).statusCode);
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
