// Personal API tokens, made, listed and revoked (issue #38): the secret answered once and kept only as its
// SHA-256, the list that never shows it, a revoke that holds at once, a stranger's revoke refused as a missing
// token, the last use written at most once a minute, an expiry that holds to the second, and the account's
// export and deletion.
import { createHash } from 'node:crypto';
import { ApiTokenListResponseSchema } from '@mixdesk/contract/api-tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { readZip } from '../profile/test-fixtures.ts';
import { makeToken, TOKENS_URL, withToken } from './api-tokens-testing.ts';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Token Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
});
afterAll(async () => {
  await t.close();
});

const hex = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

async function listed(who: SignedIn = me) {
  const res = await t.app.inject({ url: TOKENS_URL, headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return { body: res.body, tokens: ApiTokenListResponseSchema.parse(res.json()).data.tokens };
}

const rowOf = (id: string) =>
  t.app.ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();

const revoke = (id: string, who: SignedIn = me) =>
  t.app.inject({ method: 'DELETE', url: `${TOKENS_URL}/${id}`, headers: bearer(who.token) });

describe('making a token', () => {
  it('answers mxd_ and 32 random bytes in base64url once, and keeps only its SHA-256', async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Backup script' });
    expect(token).toMatch(/^mxd_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
    const row = await rowOf(apiToken._id);
    expect(row?.token_hash).toBe(hex(token));
    expect(Object.values(row ?? {}).join(' ')).not.toContain(token.slice(4));
  });

  it('makes a different token every time', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, () => makeToken(t.app, stranger)));
    expect(new Set(made.map((m) => m.token)).size).toBe(10);
    for (const m of made) await revoke(m.apiToken._id, stranger);
  });

  it('answers the token as it will be listed: name, scopes and dates, not yet used', async () => {
    const before = Date.now();
    const { apiToken } = await makeToken(t.app, me, { name: '  Nightly  sync ', scopes: ['read'] });
    expect(apiToken).toMatchObject({
      name: 'Nightly  sync',
      scopes: ['read'],
      lastUsedAt: null,
      expiresAt: null,
    });
    expect(Date.parse(apiToken.createdAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(apiToken.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('reads "write" as read and write, and a scope given twice once', async () => {
    expect((await makeToken(t.app, me, { scopes: ['write'] })).apiToken.scopes).toEqual(['read', 'write']);
    expect((await makeToken(t.app, me, { scopes: ['write', 'read', 'write'] })).apiToken.scopes).toEqual([
      'read',
      'write',
    ]);
    expect((await makeToken(t.app, me, { scopes: ['read', 'read'] })).apiToken.scopes).toEqual(['read']);
  });

  it('keeps an expiry as given, a date alone as midnight UTC of that day', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCMilliseconds(0);
    const withOffset = `${at.toISOString().slice(0, 19)}+02:00`;
    const one = await makeToken(t.app, me, { expiresAt: withOffset });
    expect(one.apiToken.expiresAt).toBe(new Date(at.getTime() - 2 * 3_600_000).toISOString());
    const day = `${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}`;
    const two = await makeToken(t.app, me, { expiresAt: day });
    expect(two.apiToken.expiresAt).toBe(`${day}T00:00:00.000Z`);
  });
});

describe('the list', () => {
  it('shows name, scopes, created, last used and expiry, newest first, never a token or its hash', async () => {
    const first = await makeToken(t.app, stranger, { name: 'First', scopes: ['read'] });
    const second = await makeToken(t.app, stranger, { name: 'Second' });
    const { body, tokens } = await listed(stranger);
    expect(tokens.map((k) => k.name)).toEqual(['Second', 'First']);
    expect(tokens[1]).toEqual(first.apiToken);
    expect(Object.keys(tokens[0]!).sort()).toEqual(
      ['_id', 'createdAt', 'expiresAt', 'lastUsedAt', 'name', 'scopes'].sort(),
    );
    for (const secret of [first.token, second.token]) {
      expect(body).not.toContain(secret.slice(4));
      expect(body).not.toContain(hex(secret));
    }
    for (const k of tokens) await revoke(k._id, stranger);
  });

  it("shows only the caller's own tokens", async () => {
    const mine = await makeToken(t.app, me, { name: 'Only mine' });
    const theirs = await listed(stranger);
    expect(theirs.tokens.map((k) => k._id)).not.toContain(mine.apiToken._id);
  });
});

describe('revoking', () => {
  it('stops the token at once (401) and takes it off the list', async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Soon gone' });
    expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
    const res = await revoke(apiToken._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('API token revoked: it no longer works');
    const after = await withToken(t.app, token, 'GET', '/api/projects');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect(after.json().message).toMatch(/revoked/);
    expect((await listed()).tokens.map((k) => k._id)).not.toContain(apiToken._id);
    expect(await rowOf(apiToken._id)).toBeUndefined();
  });

  it("refuses a stranger's revoke as a missing token (404), and the token keeps working", async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Not theirs' });
    const res = await revoke(apiToken._id, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'API token not found', error: { code: 'NOT_FOUND' } });
    expect((await withToken(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, one too long to be an id, and a token revoked already', async () => {
    const { apiToken } = await makeToken(t.app, me, { name: 'Twice' });
    expect((await revoke(apiToken._id)).statusCode).toBe(200);
    expect((await revoke(apiToken._id)).statusCode).toBe(404);
    expect((await revoke('no-such-token')).statusCode).toBe(404);
    expect((await revoke('x'.repeat(101))).statusCode).toBe(404);
  });
});

describe('last used', () => {
  it('is written on the first use, then at most once a minute', async () => {
    const clock = controlledClock();
    try {
      const { token, apiToken } = await makeToken(t.app, me, { name: 'Polling' });
      const firstUse = clock.step(1000);
      expect((await withToken(t.app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
      expect((await rowOf(apiToken._id))?.last_used_at).toBe(firstUse);
      clock.step(59_000);
      for (let i = 0; i < 5; i++)
        expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
      expect((await rowOf(apiToken._id))?.last_used_at).toBe(firstUse);
      const aMinuteOn = clock.step(1000);
      expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
      expect((await rowOf(apiToken._id))?.last_used_at).toBe(aMinuteOn);
      const shown = (await listed()).tokens.find((k) => k._id === apiToken._id);
      expect(shown?.lastUsedAt).toBe(aMinuteOn);
    } finally {
      clock.restore();
    }
  });
});

describe('expiry', () => {
  it('a token works until its expiry, then gets 401 at once, and stays listed as it was', async () => {
    const clock = controlledClock();
    try {
      const expiresAt = new Date(Date.now() + 120_000).toISOString();
      const { token, apiToken } = await makeToken(t.app, me, { name: 'Two minutes', expiresAt });
      clock.step(119_999);
      expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(200);
      clock.step(1);
      const res = await withToken(t.app, token, 'GET', '/api/projects');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('This API token has expired. Create a new one in Settings.');
      expect((await listed()).tokens.find((k) => k._id === apiToken._id)?.expiresAt).toBe(expiresAt);
    } finally {
      clock.restore();
    }
  });
});

describe("the account's data", () => {
  it('the export lists the tokens, never a token or its hash', async () => {
    const who = await registerUser(t.app, { name: 'Exports Tokens' });
    const { token, apiToken } = await makeToken(t.app, who, { name: 'In the export', scopes: ['read'] });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: bearer(who.token),
      payload: { includeFiles: false },
    });
    expect(link.statusCode).toBe(200);
    const zip = await t.app.inject({ url: link.json().data.url });
    const text = readZip(zip.rawPayload).get('export.json')!.toString('utf8');
    expect(JSON.parse(text).areas.apiTokens).toEqual({ apiTokens: [apiToken] });
    expect(text).not.toContain(token.slice(4));
    expect(text).not.toContain(hex(token));
  });

  it('deleting the account removes its tokens, and they stop working', async () => {
    const who = await registerUser(t.app, { name: 'Leaves' });
    const { token } = await makeToken(t.app, who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(who.token),
      payload: { email: who.user.email, password: who.password },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', who.user._id)
      .execute();
    expect(rows).toEqual([]);
    expect((await withToken(t.app, token, 'GET', '/api/projects')).statusCode).toBe(401);
  });
});
