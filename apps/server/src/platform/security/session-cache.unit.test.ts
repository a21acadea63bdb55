// The one-second memory of session lookups: served within the second, gone at it, and forgotten at once
// when the session or its user changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cachedSession,
  forgetSession,
  forgetUserSessions,
  rememberSession,
  SESSION_CACHE_MS,
} from './session-cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const ids = () => {
  n += 1;
  return { session: `s-${n}`, user: `u-${n}` };
};

describe('session cache', () => {
  it('serves a row until its second is up, then forgets it', () => {
    const { session, user } = ids();
    const row = { id: user };
    expect(cachedSession(session)).toBeUndefined();
    rememberSession(session, user, row);
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS - 1);
    expect(cachedSession(session)).toBe(row);
    vi.setSystemTime(Date.now() + 1);
    expect(cachedSession(session)).toBeUndefined();
    vi.setSystemTime(Date.now() - 10);
    expect(cachedSession(session)).toBeUndefined();
  });

  it('forgets one session, leaving the others', () => {
    const a = ids();
    const b = ids();
    rememberSession(a.session, a.user, { a: 1 });
    rememberSession(b.session, b.user, { b: 1 });
    forgetSession(a.session);
    expect(cachedSession(a.session)).toBeUndefined();
    expect(cachedSession(b.session)).toEqual({ b: 1 });
  });

  it('forgets every session of one user, leaving other users’', () => {
    const a = ids();
    const b = ids();
    rememberSession(a.session, a.user, { a: 1 });
    rememberSession(`${a.session}-second`, a.user, { a: 2 });
    rememberSession(b.session, b.user, { b: 1 });
    forgetUserSessions(a.user);
    expect(cachedSession(a.session)).toBeUndefined();
    expect(cachedSession(`${a.session}-second`)).toBeUndefined();
    expect(cachedSession(b.session)).toEqual({ b: 1 });
  });

  it('holds at most 50,000 sessions, starting afresh at the next', () => {
    // Whatever earlier tests left, the cache is empty right after it starts afresh: find that moment.
    rememberSession('probe', 'probe-user', 0);
    let i = 0;
    while (cachedSession('probe') !== undefined && i < 100_000) {
      rememberSession(`fill-${i}`, 'filler', i);
      i += 1;
    }
    expect(i).toBeLessThanOrEqual(50_000);
    const anchor = `fill-${i - 1}`;
    for (let j = 1; j < 50_000; j += 1) rememberSession(`more-${j}`, 'filler', j);
    expect(cachedSession(anchor)).toBe(i - 1);
    rememberSession('one-over', 'filler', 'over');
    expect(cachedSession(anchor)).toBeUndefined();
    expect(cachedSession('one-over')).toBe('over');
  });
});
