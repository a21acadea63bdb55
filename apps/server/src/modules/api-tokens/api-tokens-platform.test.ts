// Personal tokens across the platform (issue #38): two app instances on one database (a revoke on one holds at
// once on the other: nothing is remembered between requests), the log and the kept log buffer (no token ever in
// them, whatever the request's fate), and the rate limits (counted by the token's user: a person's tokens and
// session share one count, and another person's do not).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres, openSqlite } from '../../db/database.ts';
import { makeToken, TOKENS_URL, withToken } from './api-tokens-testing.ts';

const ADMIN_EMAIL = 'runs-the-server@example.com';
let t: TestApp;
let other: { app: FastifyInstance; database: Database };
let me: SignedIn;

beforeAll(async () => {
  // Debug lines too ("request received"): every line a request can leave is checked for the token.
  t = await createTestApp({ logLevel: 'debug', adminEmails: [ADMIN_EMAIL] });
  // A second instance on the same database (the scaled-out shape).
  const c = t.config.database;
  const database = c.kind === 'sqlite' ? openSqlite(c.file) : openPostgres(c.url, c.schema);
  other = { app: await buildApp(t.config, { database }), database };
  me = await registerUser(t.app, { name: 'Two Places' });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

describe('two instances on one database', () => {
  it('a token made on one works on the other, and its revoke on one holds at once on the other', async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Everywhere' });
    expect((await withToken(other.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
    expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${apiToken._id}`,
      headers: bearer(me.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withToken(other.app, token, 'GET', '/api/projects')).statusCode).toBe(401);
    expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(401);
  });

  it('the other way round: revoked on the second instance, refused at once on the first', async () => {
    const { token, apiToken } = await makeToken(other.app, me, { name: 'Other way' });
    expect((await withToken(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const revoked = await other.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${apiToken._id}`,
      headers: bearer(me.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withToken(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it("one instance's record of a use is the other's", async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Used elsewhere' });
    expect((await withToken(other.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
    const list = await t.app.inject({ url: TOKENS_URL, headers: bearer(me.token) });
    const shown = list.json().data.tokens.find((k: { _id: string }) => k._id === apiToken._id);
    expect(shown.lastUsedAt).not.toBeNull();
  });
});

describe('the logs', () => {
  it('hold no trace of a token, whether the request is answered, refused or malformed', async () => {
    const admin = await registerUser(t.app, { name: 'Admin', email: ADMIN_EMAIL });
    const reader = await makeToken(t.app, me, { name: 'Logged reader', scopes: ['read'] });
    const writer = await makeToken(t.app, me, { name: 'Logged writer' });
    const linesBefore = t.logs().length;
    expect((await withToken(t.app, reader.token, 'GET', '/api/projects?token=x')).statusCode).toBe(200);
    expect((await withToken(t.app, reader.token, 'POST', '/api/projects', { title: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await withToken(t.app, writer.token, 'POST', '/api/projects', { title: 'Logged' })).statusCode,
    ).toBe(201);
    expect((await withToken(t.app, writer.token, 'GET', TOKENS_URL)).statusCode).toBe(403);
    expect((await withToken(t.app, `${writer.token}x`, 'GET', '/api/projects')).statusCode).toBe(401);
    expect((await withToken(t.app, writer.token.slice(0, 20), 'GET', '/api/projects')).statusCode).toBe(401);
    await t.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${writer.apiToken._id}`,
      headers: bearer(me.token),
    });
    expect((await withToken(t.app, writer.token, 'GET', '/api/projects')).statusCode).toBe(401);

    const written = t.logs().slice(linesBefore);
    // The requests were logged (so the check below reads real lines), with their statuses.
    expect(written).toContain('"status":403');
    expect(written).toContain('"status":401');
    expect(written).toContain('request received');
    const kept = JSON.stringify(t.app.logBuffer.entries());
    const diagnostics = await t.app.inject({ url: '/api/diagnostics/health', headers: bearer(admin.token) });
    expect(diagnostics.statusCode).toBe(200);
    for (const secret of [reader.token, writer.token]) {
      // The random part: no piece of a token, quoted or cut, anywhere.
      const random = secret.slice(4);
      for (const text of [written, kept, diagnostics.body]) {
        expect(text).not.toContain(random);
        expect(text).not.toContain(random.slice(0, 20));
      }
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the token routes: named, summed up, secured, with their refusals', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const create = paths['/api/account/tokens'].post;
    expect(create).toMatchObject({
      operationId: 'apiTokenCreate',
      security: [{ bearer: [] }, { cookie: [] }],
    });
    expect(create.summary).toMatch(/personal API token/);
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
    expect(paths['/api/account/tokens'].get.operationId).toBe('apiTokenList');
    const revoke = paths['/api/account/tokens/{id}'].delete;
    expect(revoke.operationId).toBe('apiTokenRevoke');
    expect(Object.keys(revoke.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    // The web session's other routes are secured as well (their guard refuses personal tokens).
    expect(paths['/api/account/password'].post.security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { search: 4 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("count by the token's user: two tokens and the session of one person share one count", async () => {
    const person = await registerUser(limited.app, { name: 'Counted' });
    const someoneElse = await registerUser(limited.app, { name: 'Not counted' });
    const first = await makeToken(limited.app, person, { name: 'First', scopes: ['read'] });
    const second = await makeToken(limited.app, person, { name: 'Second', scopes: ['read'] });
    const theirs = await makeToken(limited.app, someoneElse, { name: 'Theirs', scopes: ['read'] });
    const list = (token: string) => withToken(limited.app, token, 'GET', '/api/projects');

    const remaining: string[] = [];
    for (const token of [first.token, second.token, first.token, second.token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(200);
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    for (const token of [first.token, second.token, person.token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    // Another person, from the same address, has their own count.
    const res = await list(theirs.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('3');
  });
});
