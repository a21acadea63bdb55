// The limits and bad input of personal tokens (issue #38): a name of 1 to 100 characters, at most 50 working
// tokens per person (also under a burst of 100 parallel creations), an expiry in the future, a clear 400 for
// each malformed body, a clear 401 for each malformed, unknown or revoked token (never a 500), and a token
// revoked in the middle of a burst of 100 requests: nothing but 200 before and 401 after.
import { API_TOKEN_NAME_MAX, API_TOKENS_PER_USER_MAX } from '@mixdesk/contract/api-tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { makeToken, postToken, TOKENS_URL, withToken } from './api-tokens-testing.ts';

let t: TestApp;
let me: SignedIn;

beforeAll(async () => {
  // Bursts of 100 and 50 creations in a row: past the per-user count of changes a minute.
  t = await createTestApp(RAISED_RATE_LIMITS);
  me = await registerUser(t.app, { name: 'Limits' });
});
afterAll(async () => {
  await t.close();
});

const countOf = async (who: SignedIn) =>
  (await t.app.ctx.db.selectFrom('api_tokens').select('id').where('user_id', '=', who.user._id).execute())
    .length;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the name', () => {
  it(`takes ${API_TOKEN_NAME_MAX} characters and refuses ${API_TOKEN_NAME_MAX + 1}`, async () => {
    const atLimit = 'n'.repeat(API_TOKEN_NAME_MAX);
    expect((await makeToken(t.app, me, { name: atLimit })).apiToken.name).toBe(atLimit);
    const before = await countOf(me);
    const over = await postToken(t.app, me, { name: 'n'.repeat(API_TOKEN_NAME_MAX + 1), scopes: ['read'] });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.details).toEqual([
      { path: 'name', message: `Name must be at most ${API_TOKEN_NAME_MAX} characters` },
    ]);
    expect(await countOf(me)).toBe(before);
  });

  it('takes one character', async () => {
    expect((await makeToken(t.app, me, { name: 'x' })).apiToken.name).toBe('x');
  });
});

describe('at most 50 working tokens per person', () => {
  it('makes the 50th and refuses the 51st with 409, until one is revoked', async () => {
    const who = await registerUser(t.app, { name: 'Fifty' });
    const made = [];
    for (let i = 1; i < API_TOKENS_PER_USER_MAX; i++)
      made.push(await makeToken(t.app, who, { name: `T${i}` }));
    const fiftieth = await postToken(t.app, who, { name: 'T50', scopes: ['read'] });
    expect(fiftieth.statusCode).toBe(201);
    const fiftyFirst = await postToken(t.app, who, { name: 'T51', scopes: ['read'] });
    expect(fiftyFirst.statusCode).toBe(409);
    expect(fiftyFirst.json()).toEqual({
      success: false,
      message:
        'You already have 50 API tokens, the most one account can hold. Revoke one you no longer use first.',
      error: { code: 'CONFLICT' },
    });
    expect(await countOf(who)).toBe(50);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${made[0]!.apiToken._id}`,
      headers: bearer(who.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await postToken(t.app, who, { name: 'T51', scopes: ['read'] })).statusCode).toBe(201);
    expect(await countOf(who)).toBe(50);
  });

  it('does not count expired tokens: they make room for new ones', async () => {
    const who = await registerUser(t.app, { name: 'Expired Room' });
    const clock = controlledClock();
    try {
      const soon = new Date(Date.now() + 60_000).toISOString();
      for (let i = 0; i < API_TOKENS_PER_USER_MAX; i++) await makeToken(t.app, who, { expiresAt: soon });
      expect((await postToken(t.app, who, { name: 'Full', scopes: ['read'] })).statusCode).toBe(409);
      clock.step(60_000);
      expect((await postToken(t.app, who, { name: 'Room again', scopes: ['read'] })).statusCode).toBe(201);
      const list = await t.app.inject({ url: TOKENS_URL, headers: bearer(who.token) });
      expect(list.json().data.tokens.map((k: { name: string }) => k.name)).toEqual(['Room again']);
    } finally {
      clock.restore();
    }
  });

  it('a burst of 100 parallel creations 5 short of the limit makes exactly 5', async () => {
    const who = await registerUser(t.app, { name: 'Burst' });
    for (let i = 0; i < API_TOKENS_PER_USER_MAX - 5; i++) await makeToken(t.app, who);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => postToken(t.app, who, { name: `Burst ${i}`, scopes: ['read'] })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(95);
    expect(await countOf(who)).toBe(API_TOKENS_PER_USER_MAX);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined, 'body'],
    ['no name', { scopes: ['read'] }, 'name'],
    ['an empty name', { name: '', scopes: ['read'] }, 'name'],
    ['a name of spaces', { name: '   ', scopes: ['read'] }, 'name'],
    ['a name that is not text', { name: 42, scopes: ['read'] }, 'name'],
    ['a name with a control character', { name: 'a\u0000b', scopes: ['read'] }, 'name'],
    ['a name with a text-direction character', { name: 'a\u202Eb', scopes: ['read'] }, 'name'],
    ['no scopes', { name: 'x' }, 'scopes'],
    ['no scope in the list', { name: 'x', scopes: [] }, 'scopes'],
    ['an unknown scope', { name: 'x', scopes: ['admin'] }, 'scopes.0'],
    ['scopes as a string', { name: 'x', scopes: 'read' }, 'scopes'],
    ['scopes as null', { name: 'x', scopes: null }, 'scopes'],
    ['a list of scopes too long', { name: 'x', scopes: Array(5).fill('read') }, 'scopes'],
    ['an expiry in the past', { name: 'x', scopes: ['read'], expiresAt: inDays(-1) }, 'expiresAt'],
    ['an expiry yesterday', { name: 'x', scopes: ['read'], expiresAt: inDays(-1).slice(0, 10) }, 'expiresAt'],
    ['an expiry of now', { name: 'x', scopes: ['read'], expiresAt: new Date().toISOString() }, 'expiresAt'],
    ['an expiry that is no date', { name: 'x', scopes: ['read'], expiresAt: 'tomorrow' }, 'expiresAt'],
    [
      'an expiry without its offset',
      { name: 'x', scopes: ['read'], expiresAt: '2030-01-01T10:00:00' },
      'expiresAt',
    ],
    ['an expiry on February 30th', { name: 'x', scopes: ['read'], expiresAt: '2030-02-30' }, 'expiresAt'],
    ['an expiry as a number', { name: 'x', scopes: ['read'], expiresAt: 1_900_000_000_000 }, 'expiresAt'],
    ['a field of its own', { name: 'x', scopes: ['read'], token: 'mxd_mine' }, ''],
  ] as const)('refuses %s with 400, naming the field, and makes nothing', async (_what, body, field) => {
    const before = await countOf(me);
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENS_URL,
      headers: bearer(me.token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    if (field !== 'body')
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await countOf(me)).toBe(before);
  });

  it('names the past expiry plainly', async () => {
    const res = await postToken(t.app, me, { name: 'x', scopes: ['read'], expiresAt: inDays(-1) });
    expect(res.json().error.details).toEqual([
      { path: 'expiresAt', message: 'Expiry must be in the future' },
    ]);
  });
});

describe('a malformed, unknown or revoked token', () => {
  const valid = `mxd_${'A'.repeat(43)}`;
  it.each([
    ['the prefix alone', 'mxd_', /^Malformed API token/],
    ['one character short', valid.slice(0, -1), /^Malformed API token/],
    ['one character long', `${valid}A`, /^Malformed API token/],
    ['base64 rather than base64url', `mxd_${'+'.repeat(42)}=`, /^Malformed API token/],
    ['non-ASCII letters', `mxd_${'é'.repeat(43)}`, /^Malformed API token/],
    ['garbage', 'mxd_%00<script>', /^Malformed API token/],
    ['very long', `mxd_${'A'.repeat(5000)}`, /^Malformed API token/],
    ['well formed but never made', valid, /^Unknown API token: it has been revoked, or was never made/],
    ['another prefix', `pat_${'A'.repeat(43)}`, /^Invalid or expired access token/],
  ])('%s: 401 with a message that says why', async (_what, token, message) => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
    ] as const) {
      const res = await withToken(t.app, token, method, url, method === 'POST' ? { title: 'x' } : undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(res.json().message).toMatch(message);
    }
  });

  it('a burst of 100 first uses: every one answered, the use recorded', async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'First burst' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => withToken(t.app, token, 'GET', '/api/auth/me')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const row = await t.app.ctx.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', apiToken._id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('a burst of 100 requests with the token revoked in the middle: 200 before, 401 after, nothing else', async () => {
    const { token, apiToken } = await makeToken(t.app, me, { name: 'Revoked mid-burst' });
    const revoke = () =>
      t.app.inject({ method: 'DELETE', url: `${TOKENS_URL}/${apiToken._id}`, headers: bearer(me.token) });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i === 50 ? revoke() : withToken(t.app, token, 'GET', '/api/projects'),
      ),
    );
    expect(answers[50]!.statusCode).toBe(200);
    const others = answers.filter((_, i) => i !== 50).map((a) => a.statusCode);
    expect(others.every((s) => s === 200 || s === 401)).toBe(true);
    const after = await Promise.all(
      Array.from({ length: 100 }, () => withToken(t.app, token, 'GET', '/api/projects')),
    );
    expect(after.map((a) => a.statusCode)).toEqual(Array(100).fill(401));
  });
});
