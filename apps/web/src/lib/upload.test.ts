// The upload helper: the API client's CSRF token and bearer token on the request, real progress reported, one
// refresh and retry on a 401, and the server's message on failure. The CSRF and refresh calls go to a real
// HTTP server; XMLHttpRequest (absent in Node) is a small stand-in that records what it was asked to send.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, TOKEN_KEY } from './api';
import { closeAllTestServers, json, serve } from './testing/http-test-server';
import { ensureFreshSession, postUpload, tokenExpiresAt } from './upload';

class FakeXhr {
  static answers: Array<{ status: number; body: unknown }> = [];
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  body: unknown;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift() ?? { status: 500, body: { message: 'no answer' } };
    queueMicrotask(() => {
      for (const loaded of [0, 50, 100])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      this.status = answer.status;
      this.statusText = answer.status === 201 ? 'Created' : 'Error';
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      if (answer.status === 0) this.onerror?.();
      else this.onload?.();
    });
  }
}
const createRequest = () => new FakeXhr() as unknown as XMLHttpRequest;

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
  FakeXhr.answers = [];
  FakeXhr.sent = [];
});
afterEach(closeAllTestServers);

describe('postUpload', () => {
  it('sends the CSRF and bearer tokens with credentials, reports progress and returns the body', async () => {
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'csrf-9' }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    localStorage.setItem(TOKEN_KEY, later());
    FakeXhr.answers.push({
      status: 201,
      body: { success: true, message: 'Version uploaded', data: { id: 1 } },
    });
    const seen: number[] = [];
    const form = new FormData();
    const result = await postUpload('/api/things', form, {
      client,
      createRequest,
      onProgress: (p) => seen.push(p.fraction),
    });
    expect(result).toEqual({ success: true, message: 'Version uploaded', data: { id: 1 } });
    expect(seen).toEqual([0, 0.5, 1]);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: `${server.baseUrl}/api/things`,
      withCredentials: true,
      body: form,
    });
    expect(xhr!.headers).toMatchObject({
      'X-XSRF-TOKEN': 'csrf-9',
      Authorization: `Bearer ${localStorage.getItem(TOKEN_KEY)}`,
    });
  });

  it('sends a file as the body, with its name percent-encoded in Content-Disposition', async () => {
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'c' }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    FakeXhr.answers.push({ status: 201, body: { ok: 1 } }, { status: 201, body: { ok: 2 } });
    const file = new File([new Uint8Array([1, 2, 3])], "Björk's Jóga (mix*) 100%.wav", { type: 'audio/wav' });
    await postUpload('/api/up?label=v1', file, { client, createRequest });
    await postUpload('/api/up', new FormData(), { client, createRequest });
    const [raw, form] = FakeXhr.sent;
    expect(raw!.body).toBe(file);
    expect(raw!.url).toBe(`${server.baseUrl}/api/up?label=v1`);
    expect(raw!.headers['Content-Type']).toBe('application/octet-stream');
    const disposition = raw!.headers['Content-Disposition']!;
    expect(disposition).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(file.name);
    // A multipart body keeps the browser's own Content-Type (with its boundary).
    expect(form!.headers['Content-Type']).toBeUndefined();
    expect(form!.headers['Content-Disposition']).toBeUndefined();
  });

  it('refreshes once on a 401 and sends again with the new token', async () => {
    const fresh = later();
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'c' }),
      'POST /api/auth/refresh': (_r, res) =>
        json(res, 200, { success: true, message: 'ok', data: { token: fresh } }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    localStorage.setItem(TOKEN_KEY, `${jwt(Math.floor(Date.now() / 1000) + 900)}x`);
    FakeXhr.answers.push(
      { status: 401, body: { message: 'Invalid or expired access token' } },
      { status: 201, body: { ok: 1 } },
    );
    await expect(postUpload('/api/up', new FormData(), { client, createRequest })).resolves.toEqual({
      ok: 1,
    });
    expect(FakeXhr.sent).toHaveLength(2);
    expect(FakeXhr.sent[1]!.headers.Authorization).toBe(`Bearer ${fresh}`);
    expect(server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('fails with the server’s message, or Authentication required when the refresh is refused', async () => {
    const server = await serve({
      'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'c' }),
      'POST /api/auth/refresh': (_r, res) => json(res, 401, { message: 'No session' }),
    });
    const client = createApiClient({ baseUrl: server.baseUrl });
    localStorage.setItem(TOKEN_KEY, later());
    FakeXhr.answers.push({ status: 415, body: { success: false, message: 'This is not an audio file' } });
    const refused = await postUpload('/api/up', new FormData(), { client, createRequest }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 415, message: 'This is not an audio file' });

    FakeXhr.answers.push({ status: 401, body: { message: 'expired' } });
    const expired = await postUpload('/api/up', new FormData(), { client, createRequest }).catch((e) => e);
    expect(expired).toMatchObject({ status: 401, message: 'Authentication required' });

    FakeXhr.answers.push({ status: 0, body: undefined });
    localStorage.setItem(TOKEN_KEY, later());
    const offline = await postUpload('/api/up', new FormData(), { client, createRequest }).catch((e) => e);
    expect(offline).toMatchObject({ status: 0, message: 'Network error occurred' });
  });

  it('is cancelled by its signal', async () => {
    const server = await serve({ 'GET /api/csrf-token': (_r, res) => json(res, 200, { csrfToken: 'c' }) });
    const client = createApiClient({ baseUrl: server.baseUrl });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      postUpload('/api/up', new FormData(), { client, createRequest, signal: controller.signal }),
    ).rejects.toThrow();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

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
