// A session fresh enough for a long transfer: a token's expiry read, and a refresh only when it is close (the
// refresh goes to a real HTTP server).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, TOKEN_KEY } from './api';
import { closeAllTestServers, json, serve } from './testing/http-test-server';
import { ensureFreshSession, tokenExpiresAt } from './upload';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const jwt = (expSeconds: number) => `h.${btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')}.s`;
const later = () => jwt(Math.floor(Date.now() / 1000) + 900);

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
});
afterEach(closeAllTestServers);

describe('ensureFreshSession', () => {
  it('reads a token’s expiry and refreshes only when it is close', async () => {
    expect(tokenExpiresAt(jwt(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt('not a jwt')).toBeNull();
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'c' }),
      'POST /api/auth/refresh': (_r, res) =>
        json(res, 200, { success: true, message: 'ok', data: { token: later() } }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    localStorage.setItem(TOKEN_KEY, later());
    await ensureFreshSession(client);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
    localStorage.setItem(TOKEN_KEY, jwt(Math.floor(Date.now() / 1000) + 30));
    await ensureFreshSession(client);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});
