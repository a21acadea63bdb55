// The CSRF token's shape and binding, checked directly: the API tests cover the flow through a session.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, assertCsrf, isStateChanging, issueCsrfToken, isValidCsrfToken } from './csrf.ts';

const SECRET = 'csrf-test-secret';
/** What a correct signature is, written out here so a forged token can be built around it. */
const signed = (nonce: string, binding: string) =>
  `${nonce}.${createHmac('sha256', SECRET).update(`csrf:${nonce}:${binding}`).digest('base64url')}`;

const request = (header: string | string[] | undefined, cookie: string | undefined) =>
  ({ headers: { 'x-xsrf-token': header }, cookies: { csrf: cookie } }) as unknown as FastifyRequest;

describe('isValidCsrfToken', () => {
  it('accepts a token for the binding it was made for, and only that one', () => {
    const token = issueCsrfToken(SECRET, 'session-a');
    expect(isValidCsrfToken(SECRET, token, 'session-a')).toBe(true);
    expect(isValidCsrfToken(SECRET, token, 'session-b')).toBe(false);
    expect(isValidCsrfToken(SECRET, token, ANONYMOUS)).toBe(false);
    expect(isValidCsrfToken('another-secret', token, 'session-a')).toBe(false);
  });

  it('makes a new nonce every time', () => {
    expect(issueCsrfToken(SECRET, ANONYMOUS)).not.toBe(issueCsrfToken(SECRET, ANONYMOUS));
  });

  it.each([
    ['a correct token with a third part', `${signed('nonce', 's')}.extra`],
    ['an empty nonce, even correctly signed', signed('', 's')],
    ['an empty signature', 'nonce.'],
    ['no dot at all', 'nonce'],
    ['nothing', ''],
    ['a signature one character short', signed('nonce', 's').slice(0, -1)],
  ])('refuses %s', (_name, token) => {
    expect(isValidCsrfToken(SECRET, token, 's')).toBe(false);
  });

  it('accepts the hand-signed token the refusals above are built from', () => {
    expect(isValidCsrfToken(SECRET, signed('nonce', 's'), 's')).toBe(true);
  });
});

describe('assertCsrf', () => {
  const token = issueCsrfToken(SECRET, 'session-a');

  it('passes when the header and the cookie carry the same valid token (the first header of several)', () => {
    expect(() => assertCsrf(request(token, token), SECRET, 'session-a', 'csrf')).not.toThrow();
    expect(() => assertCsrf(request([token, 'x'], token), SECRET, 'session-a', 'csrf')).not.toThrow();
  });

  const other = issueCsrfToken(SECRET, 'session-b');
  it.each([
    ['a cookie that differs from the header', token, issueCsrfToken(SECRET, 'session-a')],
    ['no cookie', token, undefined],
    ['no header', undefined, token],
    ['a token of another session in both', other, other],
  ])('refuses %s with 403', (_name, header, cookie) => {
    expect(() => assertCsrf(request(header, cookie), SECRET, 'session-a', 'csrf')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', status: 403 }),
    );
  });
});

describe('isStateChanging', () => {
  it.each([
    ['GET', false],
    ['HEAD', false],
    ['OPTIONS', false],
    ['POST', true],
    ['PUT', true],
    ['PATCH', true],
    ['DELETE', true],
  ])('%s -> %s', (method, expected) => {
    expect(isStateChanging(method)).toBe(expected);
  });
});
