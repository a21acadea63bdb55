// Where a single sign-on may send the browser once signed in (contract/oidc's safeAppPath): a path in the app,
// and for anything else the home page; never another site, whatever the spelling.
import { REDIRECT_MAX, safeAppPath } from '@mixdesk/contract/oidc';
import { describe, expect, it } from 'vitest';

describe('the page to go to after single sign-on', () => {
  it.each([
    ['/projects/abc', '/projects/abc'],
    ['/projects/abc?tab=files&sort=new#notes', '/projects/abc?tab=files&sort=new#notes'],
    ['/clients/', '/clients/'],
    // Percent-encoded slashes stay encoded: a path on this site, not a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('a path in the app (%s) is kept', (value, expected) => {
    expect(safeAppPath(value)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'projects',
    'https://evil.example/',
    'HTTPS://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/projects\\..\\..\\evil',
    'javascript:alert(1)',
    '/api/auth/logout',
    '/api',
    '/auth',
    '/auth/',
    '/verify-email',
    '/reset-password',
  ])('anything else (%o) goes home', (value) => {
    expect(safeAppPath(value)).toBe('/');
  });

  it('takes a path up to the limit, and not one character more', () => {
    const atLimit = `/${'a'.repeat(REDIRECT_MAX - 1)}`;
    expect(safeAppPath(atLimit)).toBe(atLimit);
    expect(safeAppPath(`${atLimit}a`)).toBe('/');
  });
});
