// The access token's own rules, without an app: what it signs, what it refuses, and what its per-process
// cache remembers (and forgets) — the API tests reach it only through a signed-in request.
import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens, accessTokens } from './access-token.ts';

const SECRET = 'a-test-secret-of-a-good-length-0123456789';
const claims = { userId: 'user-1', sessionId: 'session-1' };

/** A token signed with the same key but written by hand, to leave out or change one claim. */
function handMade(payload: Record<string, unknown>, edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt) {
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuer('mixdesk').setIssuedAt();
  return edit(jwt).sign(createSecretKey(Buffer.from(SECRET, 'utf8')));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AccessTokens', () => {
  it('signs an HS256 JWT whose claims verify back', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('knows a token only once it has been verified', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(claims);
    expect(tokens.known(token)).toBeUndefined();
    await tokens.verify(token);
    expect(tokens.known(token)).toEqual(claims);
  });

  it('forgets a known token at the second it expires, and verify then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1, 12, 0, 0, 0) });
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const expiresMs = Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000;
    vi.setSystemTime(expiresMs - 1);
    expect(tokens.known(token)).toEqual(claims);
    vi.setSystemTime(expiresMs);
    expect(tokens.known(token)).toBeNull();
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses another secret, another issuer, another algorithm and garbage with null', async () => {
    const tokens = new AccessTokens(SECRET);
    const foreign = await new AccessTokens('another-secret-of-a-good-length-987654').sign(claims);
    expect(await tokens.verify(foreign)).toBeNull();
    const otherIssuer = await handMade({ sid: 's' }, (jwt) =>
      jwt.setSubject('u').setIssuer('someone-else').setExpirationTime('5m'),
    );
    expect(await tokens.verify(otherIssuer)).toBeNull();
    const hs512 = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setIssuer('mixdesk')
      .setExpirationTime('5m')
      .sign(createSecretKey(Buffer.from(SECRET, 'utf8')));
    expect(await tokens.verify(hs512)).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
    expect(await tokens.verify('')).toBeNull();
  });

  it.each([
    ['without a subject', { sid: 's' }, (jwt: SignJWT) => jwt.setExpirationTime('5m')],
    ['without a session', {}, (jwt: SignJWT) => jwt.setSubject('u').setExpirationTime('5m')],
    ['with a numeric session', { sid: 7 }, (jwt: SignJWT) => jwt.setSubject('u').setExpirationTime('5m')],
    ['without an expiry', { sid: 's' }, (jwt: SignJWT) => jwt.setSubject('u')],
  ])('refuses a correctly signed token %s', async (_name, payload, edit) => {
    const tokens = new AccessTokens(SECRET);
    const token = await handMade(payload, edit);
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.known(token)).toBeUndefined();
  });

  it('accepts the hand-made token when every claim is there (the refusals above are about the claim)', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await handMade({ sid: 's' }, (jwt) => jwt.setSubject('u').setExpirationTime('5m'));
    expect(await tokens.verify(token)).toEqual({ userId: 'u', sessionId: 's' });
  });

  it('remembers up to 10,000 tokens and starts afresh at the next', async () => {
    const tokens = new AccessTokens(SECRET);
    const all = await Promise.all(
      Array.from({ length: 10_001 }, (_, i) => tokens.sign({ userId: 'u', sessionId: `s${i}` })),
    );
    for (const token of all.slice(0, 10_000)) await tokens.verify(token);
    expect(tokens.known(all[0] as string)).toEqual({ userId: 'u', sessionId: 's0' });
    expect(tokens.known(all[9_999] as string)).toEqual({ userId: 'u', sessionId: 's9999' });
    await tokens.verify(all[10_000] as string);
    expect(tokens.known(all[0] as string)).toBeUndefined();
    expect(tokens.known(all[10_000] as string)).toEqual({ userId: 'u', sessionId: 's10000' });
  }, 60_000);
});

describe('accessTokens', () => {
  it('gives one instance per secret, so its cache is shared', async () => {
    const a = accessTokens(SECRET);
    expect(accessTokens(SECRET)).toBe(a);
    expect(accessTokens(`${SECRET}-other`)).not.toBe(a);
    const token = await a.sign(claims);
    await a.verify(token);
    expect(accessTokens(SECRET).known(token)).toEqual(claims);
  });
});
