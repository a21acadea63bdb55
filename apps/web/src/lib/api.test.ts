// The API client against a real HTTP server on a random port: no fetch mocks, every rule of SPEC §7-8 observed on
// the wire.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, DEFAULT_TIMEOUT_MS, TOKEN_KEY } from './api';
import { closeAllTestServers, type Handler, json, serve } from './testing/http-test-server';

const ok = (data: unknown = {}) => ({ success: true, message: 'OK', data });
const unauthorized: Handler = (_req, res) =>
  json(res, 401, { success: false, message: 'Token expired', error: { code: 'UNAUTHORIZED' } });
const csrf: Handler = (_req, res) => json(res, 200, ok({ csrfToken: 'csrf-123' }));

// localStorage is the browser's; the tests give Node a tiny in-memory one.
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
});

afterEach(closeAllTestServers);

describe('API client', () => {
  it('prefixes every path with the configured base URL and returns the parsed JSON body', async () => {
    const server = await serve({ 'GET /api/health': (_req, res) => json(res, 200, ok({ status: 'ok' })) });
    const client = createApiClient({ baseUrl: `${server.baseUrl}/` });
    await expect(client.get('/api/health')).resolves.toEqual(ok({ status: 'ok' }));
    expect(server.calls('GET', '/api/health')).toHaveLength(1);
  });

  it('sends bodies as JSON with a JSON content type', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/things': (_r, res) => json(res, 201, ok()),
    });
    await createApiClient({ baseUrl: server.baseUrl }).post('/api/things', { name: 'Demo', tags: ['a'] });
    const [call] = server.calls('POST', '/api/things');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual({ name: 'Demo', tags: ['a'] });
  });

  it('a GET call fetches no CSRF token', async () => {
    const server = await serve({ 'GET /api/things': (_r, res) => json(res, 200, ok()) });
    await createApiClient({ baseUrl: server.baseUrl }).get('/api/things');
    expect(server.seen.map((s) => s.path)).toEqual(['/api/things']);
    expect(server.seen[0]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('every non-GET call first fetches GET /api/csrf-token and sends it as X-XSRF-TOKEN', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'PUT /api/things/1': (_r, res) => json(res, 200, ok()),
      'DELETE /api/things/1': (_r, res) => json(res, 200, ok()),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    await client.put('/api/things/1', { name: 'x' });
    await client.delete('/api/things/1');
    expect(server.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/csrf-token',
      'PUT /api/things/1',
      'GET /api/csrf-token',
      'DELETE /api/things/1',
    ]);
    expect(server.seen[1]?.headers['x-xsrf-token']).toBe('csrf-123');
    expect(server.seen[3]?.headers['x-xsrf-token']).toBe('csrf-123');
  });

  it('when the CSRF fetch fails the token is left empty and the call still goes out', async () => {
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 500, { success: false, message: 'boom' }),
      'POST /api/things': (_r, res) => json(res, 201, ok()),
    });
    await createApiClient({ baseUrl: server.baseUrl }).post('/api/things', {});
    expect(server.calls('POST', '/api/things')[0]?.headers['x-xsrf-token']).toBe('');
  });

  it('sends the stored token as a bearer, and no Authorization header when none is stored', async () => {
    const server = await serve({ 'GET /api/me': (_r, res) => json(res, 200, ok()) });
    const client = createApiClient({ baseUrl: server.baseUrl });
    await client.get('/api/me');
    localStorage.setItem(TOKEN_KEY, 'abc.def');
    await client.get('/api/me');
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
    expect(server.seen[1]?.headers.authorization).toBe('Bearer abc.def');
  });

  it('an error carries the status, the body and the body message', async () => {
    const body = { success: false, message: 'Email already registered', error: { code: 'CONFLICT' } };
    const server = await serve({ 'GET /api/conflict': (_r, res) => json(res, 409, body) });
    const error = await failure(createApiClient({ baseUrl: server.baseUrl }).get('/api/conflict'));
    expect([error.status, error.message, error.body]).toEqual([409, 'Email already registered', body]);
  });

  it('an error without a body message reads "HTTP {status}: {statusText}"', async () => {
    const server = await serve({
      'GET /api/down': (_r, res) => {
        res.writeHead(503, 'Down for maintenance', { 'Content-Type': 'text/plain' });
        res.end('');
      },
    });
    const error = await failure(createApiClient({ baseUrl: server.baseUrl }).get('/api/down'));
    expect([error.status, error.message]).toEqual([503, 'HTTP 503: Down for maintenance']);
  });

  it('a call that outlives the timeout fails with 408 "Request timeout"; the default is 30 s', async () => {
    const server = await serve({ 'GET /api/slow': () => {} });
    const error = await failure(
      createApiClient({ baseUrl: server.baseUrl, timeoutMs: 100 }).get('/api/slow'),
    );
    expect([error.status, error.message]).toEqual([408, 'Request timeout']);
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it('a network failure has status 0 and the error message', async () => {
    const server = await serve({});
    await server.close();
    const error = await failure(createApiClient({ baseUrl: server.baseUrl }).get('/api/health'));
    expect([error.status, error.message]).toEqual([0, 'fetch failed']);
  });

  it('a response that does not match the expected schema is an error, never silently wrong data', async () => {
    const server = await serve({ 'GET /api/thing': (_r, res) => json(res, 200, ok({ id: 7 })) });
    const schema = z.object({ data: z.object({ id: z.string() }) });
    const error = await failure(createApiClient({ baseUrl: server.baseUrl }).get('/api/thing', { schema }));
    expect(error.message).toBe('Unexpected response from the server');
  });
});

describe('API client: 401 and token refresh', () => {
  const refreshTo =
    (token: string): Handler =>
    (_r, res) =>
      json(res, 200, ok({ user: { _id: 'u1' }, token }));
  // Accepts only the refreshed token, like the server does once the old access token has expired.
  const needs =
    (token: string): Handler =>
    (req, res) =>
      req.headers.authorization === `Bearer ${token}`
        ? json(res, 200, ok({ mine: true }))
        : unauthorized(req, res);

  it('a 401 triggers exactly one refresh, stores the new token and retries once with it', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': refreshTo('fresh'),
      'GET /api/projects': needs('fresh'),
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const result = await createApiClient({ baseUrl: server.baseUrl }).get('/api/projects');
    expect(result).toEqual(ok({ mine: true }));
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.calls('POST', '/api/auth/refresh')[0]?.headers['x-xsrf-token']).toBe('csrf-123');
    expect(server.calls('GET', '/api/projects').map((c) => c.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh');
  });

  it('concurrent 401s share one refresh', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': (req, res) => setTimeout(() => refreshTo('fresh')(req, res), 50),
      'GET /api/a': needs('fresh'),
      'GET /api/b': needs('fresh'),
      'POST /api/c': needs('fresh'),
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const client = createApiClient({ baseUrl: server.baseUrl });
    await Promise.all([client.get('/api/a'), client.get('/api/b'), client.post('/api/c', {})]);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails the call fails with 401 "Authentication required" and the session expires', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': unauthorized,
      'GET /api/projects': unauthorized,
      'GET /api/clients': unauthorized,
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const client = createApiClient({ baseUrl: server.baseUrl });
    let expired = 0;
    client.events.on('session-expired', () => {
      expired += 1;
    });
    const errors = await Promise.all([
      failure(client.get('/api/projects')),
      failure(client.get('/api/clients')),
    ]);
    expect(errors.map((e) => [e.status, e.message])).toEqual([
      [401, 'Authentication required'],
      [401, 'Authentication required'],
    ]);
    expect(server.calls('GET', '/api/projects')).toHaveLength(1);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(expired).toBe(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a signed-out caller whose refresh fails gets "Authentication required" without a session-expired event', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': unauthorized,
      'GET /api/auth/me': unauthorized,
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    let expired = 0;
    client.events.on('session-expired', () => {
      expired += 1;
    });
    const error = await failure(client.get('/api/auth/me'));
    expect([error.status, error.message, expired]).toEqual([401, 'Authentication required', 0]);
  });

  it('a signed-out call answered 401 after a sign-in stored a token is sent again with it, not refreshed', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': unauthorized,
      // The sign-in lands (here or in another tab) while the signed-out call is on the wire.
      'GET /api/auth/me': (req, res) => {
        if (!req.headers.authorization) localStorage.setItem(TOKEN_KEY, 'signed-in');
        needs('signed-in')(req, res);
      },
    });
    const result = await createApiClient({ baseUrl: server.baseUrl }).get('/api/auth/me');
    expect(result).toEqual(ok({ mine: true }));
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('signed-in');
  });

  it('a token stored while a signed-out call is refreshed (before the refresh goes out) is kept', async () => {
    const server = await serve({
      // The sign-in lands between the refused call and the refresh it starts.
      'GET /api/csrf-token': (req, res) => {
        localStorage.setItem(TOKEN_KEY, 'signed-in');
        csrf(req, res);
      },
      'POST /api/auth/refresh': unauthorized,
      'GET /api/auth/me': unauthorized,
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    let expired = 0;
    client.events.on('session-expired', () => {
      expired += 1;
    });
    const error = await failure(client.get('/api/auth/me'));
    expect([error.status, expired, localStorage.getItem(TOKEN_KEY)]).toEqual([401, 0, 'signed-in']);
  });

  it('a refresh that fails after a sign-in stored a new token leaves that token and raises no expiry', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': (req, res) => {
        localStorage.setItem(TOKEN_KEY, 'signed-in');
        unauthorized(req, res);
      },
      'GET /api/projects': unauthorized,
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const client = createApiClient({ baseUrl: server.baseUrl });
    let expired = 0;
    client.events.on('session-expired', () => {
      expired += 1;
    });
    const error = await failure(client.get('/api/projects'));
    expect([error.status, expired, localStorage.getItem(TOKEN_KEY)]).toEqual([401, 0, 'signed-in']);
  });

  it('a retry that still gets 401 fails with "Authentication required" after exactly one refresh', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': refreshTo('fresh'),
      'GET /api/admin': unauthorized,
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const error = await failure(createApiClient({ baseUrl: server.baseUrl }).get('/api/admin'));
    expect([error.status, error.message]).toEqual([401, 'Authentication required']);
    expect(server.calls('GET', '/api/admin')).toHaveLength(2);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('a call marked auth: false (sign-in) never refreshes and keeps the server message', async () => {
    const body = { success: false, message: 'Invalid email or password', error: { code: 'UNAUTHORIZED' } };
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/login': (_r, res) => json(res, 401, body),
    });
    const login = createApiClient({ baseUrl: server.baseUrl }).post('/api/auth/login', {}, { auth: false });
    const error = await failure(login);
    expect([error.status, error.message]).toEqual([401, 'Invalid email or password']);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('an unreachable refresh fails the call as a network error and keeps the session', async () => {
    const server = await serve({
      'GET /api/csrf-token': csrf,
      'POST /api/auth/refresh': (_r, res) => res.socket?.destroy(),
      'GET /api/projects': unauthorized,
    });
    localStorage.setItem(TOKEN_KEY, 'stale');
    const client = createApiClient({ baseUrl: server.baseUrl });
    let expired = 0;
    client.events.on('session-expired', () => {
      expired += 1;
    });
    const error = await failure(client.get('/api/projects'));
    expect([error.status, expired, localStorage.getItem(TOKEN_KEY)]).toEqual([0, 0, 'stale']);
  });
});

describe('API client: whether a session may exist', () => {
  it('a browser that never signed in holds no session to ask about', () => {
    expect(createApiClient().tokens.maybeSignedIn()).toBe(false);
  });

  it('a stored token, or a sign-in whose token was taken out of storage, may still be signed in', () => {
    const client = createApiClient();
    client.tokens.set('abc');
    expect(client.tokens.maybeSignedIn()).toBe(true);
    localStorage.removeItem(TOKEN_KEY);
    expect(client.tokens.maybeSignedIn()).toBe(true);
  });

  it('signing out (clearing the token) forgets the sign-in', () => {
    const client = createApiClient();
    client.tokens.set('abc');
    client.tokens.clear();
    expect(client.tokens.maybeSignedIn()).toBe(false);
  });

  it('a refused refresh ends the sign-in too', async () => {
    const server = await serve({ 'GET /api/csrf-token': csrf, 'POST /api/auth/refresh': unauthorized });
    const client = createApiClient({ baseUrl: server.baseUrl });
    client.tokens.set('stale');
    await expect(client.refresh()).resolves.toBe(false);
    expect(client.tokens.maybeSignedIn()).toBe(false);
  });
});
