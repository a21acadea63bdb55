import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';

// The per-client rate limits are raised: the generated bodies below are thousands of requests in seconds, and
// must reach the endpoints rather than the limiter.
let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  alice = await registerUser(t.app, { name: 'Alice' });
});
afterAll(async () => {
  await t.close();
});

const countUsers = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A fresh address of exactly `length` characters. */
const longEmail = (length: number) => {
  const domain = `${uniqueEmail('long').split('@')[0]}.example.com`;
  return `${'e'.repeat(length - domain.length - 1)}@${domain}`;
};

function expectErrorShape(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string; error: { code: string } };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.error.code).toBe('string');
}

describe('bodies that are not what the endpoint takes', () => {
  it('malformed JSON is a 400 and creates nothing', async () => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expectErrorShape(res, 400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
    expect(await countUsers()).toBe(before);
  });

  it('a wrong content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expectErrorShape(res, 415);
  });

  it.each([
    ['missing', {}],
    ['null', { name: null }],
    ['a number', { name: 42 }],
    ['an array', { name: ['A'] }],
  ])('name %s is a 400 naming the field', async (_label, patch) => {
    const body = { name: 'Ok', email: uniqueEmail(), password: GOOD_PASSWORD, ...patch };
    if (_label === 'missing') delete (body as Partial<typeof body>).name;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expectErrorShape(res, 400);
    expect(res.json().error.details[0].path).toBe('name');
  });

  it.each([
    ['name over 100 characters', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    [
      'email over 254 characters',
      { email: `${'e'.repeat(250)}@x.io` },
      'Email must be at most 254 characters',
    ],
    ['email that is not one', { email: 'not-an-email' }, 'Enter a valid email address'],
    [
      'password over 256 characters',
      { password: 'p'.repeat(257) },
      'Password must be at most 256 characters',
    ],
    ['unknown role', { role: 'admin' }, 'Role must be one of'],
    ['extra key', { admin: true }, 'Unknown field'],
  ])('%s is a 400 with a readable message', async (_label, patch, message) => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ok', email: uniqueEmail(), password: GOOD_PASSWORD, ...patch },
    });
    expectErrorShape(res, 400);
    expect(res.json().message).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a name of exactly 100 characters', () => ({ name: 'n'.repeat(100) })],
    ['an email of exactly 254 characters', () => ({ email: longEmail(254) })],
    ['a password of exactly 256 characters', () => ({ password: GOOD_PASSWORD.padEnd(256, 'x') })],
    ['a password of exactly 8 characters', () => ({ password: 'qzmrtP4!' })],
  ])('%s is accepted', async (_label, patch) => {
    const body = { name: 'Ok', email: uniqueEmail(), password: GOOD_PASSWORD, ...patch() };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user).toMatchObject({ name: body.name, email: body.email });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an email of 255 characters is refused', async () => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ok', email: longEmail(255), password: GOOD_PASSWORD },
    });
    expectErrorShape(res, 400);
    expect(res.json().message).toContain('Email must be at most 254 characters');
    expect(await countUsers()).toBe(before);
  });

  it('sign-in takes a password of up to 256 characters (a 401 when wrong) and refuses a longer one (400)', async () => {
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password } });
    const atLimit = await login('p'.repeat(256));
    expectErrorShape(atLimit, 401);
    expect(atLimit.json().message).toBe('Invalid email or password');
    const over = await login('p'.repeat(257));
    expectErrorShape(over, 400);
    expect(over.json().message).toContain('Password is too long');
  });

  it.each(['__proto__', 'constructor'])('a %s key is refused', async (key) => {
    const payload = `{"name":"Ok","email":"${uniqueEmail()}","password":"${GOOD_PASSWORD}","${key}":{"isAdmin":true}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectErrorShape(res, 400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('a 1 MB body is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.io', password: 'x'.repeat(1024 * 1024) },
    });
    expectErrorShape(res, 413);
  });
});

describe('tokens that are not ours', () => {
  const sign = (secret: string, claims: { sub: string; sid: string }, exp: number | string) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('mixdesk')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

  it('an expired token is a 401', async () => {
    const c = claimsOf(alice.token);
    const expired = await sign(t.app.ctx.config.jwtSecret, c, Math.floor(Date.now() / 1000) - 60);
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(expired) });
    expectErrorShape(res, 401);
  });

  it('a tampered token is a 401', async () => {
    const [h, p, s] = alice.token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claimsOf(alice.token), sub: 'someone-else' })).toString(
      'base64url',
    );
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(`${h}.${payload}.${s}`) });
    expectErrorShape(res, 401);
    expect(p).toBeTruthy();
  });

  it('a token signed by another server is a 401', async () => {
    const foreign = await sign('another-servers-secret-that-is-long-enough', claimsOf(alice.token), '10m');
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(foreign) });
    expectErrorShape(res, 401);
  });

  it('garbage in the Authorization header is a 401', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expectErrorShape(res, 401);
    }
  });

  it.each([
    ['/api/auth/verify-email', 'verification link'],
    ['/api/auth/reset-password', 'password reset link'],
  ])(
    'made-up links to %s are a clear 400, from the shortest to the longest a link may be',
    async (url, noun) => {
      const send = (token: string) =>
        t.app.inject({
          method: 'POST',
          url,
          payload: url.endsWith('verify-email') ? { token } : { token, password: GOOD_PASSWORD },
        });
      // 16 to 200 characters is a link's shape: looked up, and not found.
      for (const length of [16, 43, 200]) {
        const res = await send('x'.repeat(length));
        expectErrorShape(res, 400);
        expect(res.json().message, `${length}`).toBe(`This ${noun} is invalid. Request a new one.`);
      }
      // Shorter or longer is not a link at all.
      for (const length of [15, 201]) {
        const res = await send('x'.repeat(length));
        expectErrorShape(res, 400);
        expect(res.json().message, `${length}`).toContain('This link is invalid');
      }
    },
  );
});

describe('generated bodies (property-based)', () => {
  const ENDPOINTS = [
    '/api/auth/register',
    '/api/auth/login',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/auth/verify-email',
    '/api/auth/refresh',
    '/api/auth/resend-verification',
    // Last: with alice's token it may sign her out.
    '/api/auth/logout',
  ];
  const field = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.emailAddress(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  );
  const body = fc.oneof(
    fc.record(
      { name: field, email: field, password: field, role: field, token: field },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), field, { maxKeys: 6 }),
    fc.jsonValue().map((v) => v as unknown),
  );

  it.each(ENDPOINTS)(
    '%s: 1,000 generated bodies never get a 5xx and always get the envelope',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, withToken) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', ...(withToken ? bearer(alice.token) : {}) },
            payload: JSON.stringify(payload) ?? 'null',
          });
          expect(res.statusCode).toBeLessThan(500);
          const json = res.json();
          expect(typeof json.success).toBe('boolean');
          expect(typeof json.message).toBe('string');
          if (!json.success) expect(typeof json.error.code).toBe('string');
        }),
        { numRuns: 1000 },
      );
      // The process is still up and the account still works: its session too, until logout ends it (every
      // body signs a bearer out).
      const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(alice.token) });
      expect(me.statusCode).toBe(url === '/api/auth/logout' ? 401 : 200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: alice.user.email, password: GOOD_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    },
  );
});
