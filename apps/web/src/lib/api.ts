// The one HTTP client for the Mixdesk API (SPEC §7 General, §8 API client). Every screen calls the server through
// it: JSON in and out, cookies included, a CSRF token on every non-GET call, the stored bearer token, a timeout,
// and one shared token refresh plus one retry when an authenticated call gets a 401.
import { ApiErrorSchema, type ErrorCode, type FieldError } from '@mixdesk/contract/envelope';
import type { z } from 'zod';
import { createEmitter } from './emitter';

export const TOKEN_KEY = 'token';
/**
 * Set while this browser holds a sign-in (removed on sign-out or a refused refresh). The session's cookies can
 * outlive a token taken out of storage (demo mode, SPEC §4), so "no token" alone does not mean signed out; with
 * neither, nobody has signed in here and asking the server who is would only earn a 401.
 */
export const SIGNED_IN_KEY = 'signed-in';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** The `message` of an error body, when it has a readable one. */
export const messageOf = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

/**
 * Every failed call throws this: the HTTP status (0 for no response), a readable message and the parsed body.
 * When the body is the contract's error envelope, `code`, `details` and `serverMessage` are its parts; screens
 * decide by `code` (and `status`), never by looking for numbers in message text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The envelope's `error.code` ('UNAUTHORIZED', 'VALIDATION_ERROR', ...); null when the body is not one. */
  readonly code: ErrorCode | null;
  /** The envelope's per-field refusals, in the server's order; empty when there are none. */
  readonly details: readonly FieldError[];
  /** The server's own message, when the body is its error envelope (`message` is the fallback's too). */
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.status = status;
    this.body = body;
    const envelope = ApiErrorSchema.safeParse(body);
    this.code = envelope.success ? envelope.data.error.code : null;
    this.details = envelope.success ? (envelope.data.error.details ?? []) : [];
    this.serverMessage = messageOf(body);
  }
}

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the API; '' means the origin that served the app. */
  baseUrl?: string;
  /** Where the bearer token lives; defaults to the browser's localStorage. */
  storage?: TokenStorage;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  method?: Method;
  /** Sent as JSON, unless it is FormData, a Blob or a string, which are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false for calls whose 401 means "wrong credentials", not "token expired": no refresh, no retry. */
  auth?: boolean;
  /** Parses the success body; a mismatch is an error, never silently wrong data. */
  schema?: z.ZodType<T>;
}

export type ApiEvents = {
  /** A signed-in user's token could not be refreshed: the session is over. */
  'session-expired': undefined;
  /** A refresh succeeded; `body` is the refresh response (its data carries the user). */
  'token-refreshed': { token: string; body: unknown };
};

interface Exchange {
  response: Response;
  body: unknown;
}

/** An exchange made by `send`, with the bearer token it carried (null when it went out signed out). */
interface SentExchange extends Exchange {
  token: string | null;
}

const isRawBody = (body: unknown) =>
  typeof body === 'string' ||
  body instanceof FormData ||
  body instanceof Blob ||
  body instanceof URLSearchParams;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const events = createEmitter<ApiEvents>();
  let refreshing: Promise<boolean> | null = null;

  const storage = (): TokenStorage | undefined => {
    if (options.storage) return options.storage;
    try {
      return globalThis.localStorage;
    } catch {
      return undefined; // storage blocked (sandboxed frame, strict privacy mode): behave as signed out
    }
  };
  const tokens = {
    get: (): string | null => storage()?.getItem(TOKEN_KEY) || null,
    set: (token: string) => {
      storage()?.setItem(TOKEN_KEY, token);
      storage()?.setItem(SIGNED_IN_KEY, '1');
    },
    clear: () => {
      storage()?.removeItem(TOKEN_KEY);
      storage()?.removeItem(SIGNED_IN_KEY);
    },
    /** Whether a session may exist: a stored token, or a sign-in here whose cookies may still hold. */
    maybeSignedIn: (): boolean => {
      const stored = storage();
      // Storage blocked: nothing to go by, so ask (the cookies may hold a session).
      return !stored || Boolean(stored.getItem(TOKEN_KEY)) || stored.getItem(SIGNED_IN_KEY) !== null;
    },
  };

  function url(path: string, query?: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
  }

  /** One fetch, body included, under a timeout; failures become ApiError (408 timeout, 0 network). */
  async function exchange(target: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', forward, { once: true });
    if (outer?.aborted) forward();
    try {
      const response = await fetch(target, { ...init, credentials: 'include', signal: controller.signal });
      return { response, body: await readBody(response) } satisfies Exchange;
    } catch (error) {
      if (timedOut) throw new ApiError(408, 'Request timeout');
      if (outer?.aborted) throw outer.reason;
      const message = error instanceof Error && error.message ? error.message : 'Network error occurred';
      throw new ApiError(0, message);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  /** GET /api/csrf-token; any failure leaves the token empty so the call still goes out. */
  async function csrfToken(signal?: AbortSignal): Promise<string> {
    try {
      const { response, body } = await exchange(
        url('/api/csrf-token'),
        { method: 'GET', headers: { Accept: 'application/json' } },
        defaultTimeout,
        signal,
      );
      if (!response.ok) return '';
      const found = body as { csrfToken?: unknown; data?: { csrfToken?: unknown } } | null;
      const token = found?.csrfToken ?? found?.data?.csrfToken;
      return typeof token === 'string' ? token : '';
    } catch (error) {
      if (signal?.aborted) throw error;
      return '';
    }
  }

  async function send(path: string, opts: RequestOptions<unknown>): Promise<SentExchange> {
    const method = opts.method ?? 'GET';
    const headers = new Headers({ Accept: 'application/json', ...opts.headers });
    let payload: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (isRawBody(opts.body)) {
        payload = opts.body as BodyInit;
      } else {
        headers.set('Content-Type', 'application/json');
        payload = JSON.stringify(opts.body);
      }
    }
    if (method !== 'GET') headers.set(CSRF_HEADER, await csrfToken(opts.signal));
    // Read after the CSRF round trip so a retry picks up a token stored by a refresh in the meantime.
    const token = tokens.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method, headers, body: payload };
    const result = await exchange(url(path, opts.query), init, opts.timeoutMs ?? defaultTimeout, opts.signal);
    return { ...result, token };
  }

  /**
   * POST /api/auth/refresh, shared by every caller that hits a 401 while it runs. Resolves true when a new token
   * is stored; false when the server refuses (the session is over); rejects on a network failure, which says
   * nothing about the session. `failedWith` is the token the refused call carried: only that session is over,
   * so a token stored since (a sign-in here or in another tab) is left alone, and a signed-out call that was
   * refused ends nothing.
   */
  function refresh(failedWith: string | null = tokens.get()): Promise<boolean> {
    refreshing ??= (async () => {
      const { response, body } = await send('/api/auth/refresh', { method: 'POST' });
      const token = (body as { data?: { token?: unknown } } | null)?.data?.token;
      if (response.ok && typeof token === 'string' && token) {
        tokens.set(token);
        events.emit('token-refreshed', { token, body });
        return true;
      }
      if (failedWith !== null && tokens.get() === failedWith) {
        tokens.clear();
        events.emit('session-expired', undefined);
      }
      return false;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    let result = await send(path, opts);
    if (result.response.status === 401 && opts.auth !== false) {
      // A token stored since the call went out (a sign-in meanwhile) is tried before any refresh.
      const refreshed = result.token !== tokens.get() || (await refresh(result.token));
      if (refreshed) result = await send(path, opts);
      if (!refreshed || result.response.status === 401) {
        throw new ApiError(401, 'Authentication required', result.body);
      }
    }
    const { response, body } = result;
    if (!response.ok) {
      throw new ApiError(
        response.status,
        messageOf(body) ?? `HTTP ${response.status}: ${response.statusText}`,
        body,
      );
    }
    if (!opts.schema) return body as T;
    const parsed = opts.schema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from the server', body);
    return parsed.data;
  }

  type BodyOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
  return {
    request,
    refresh,
    events,
    tokens,
    /** For requests another client makes (tus-js-client, lib/resumable-upload.ts): the same URLs and CSRF token. */
    url,
    csrfToken,
    get: <T = unknown>(path: string, opts?: Omit<RequestOptions<T>, 'method'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T = unknown>(path: string, body?: unknown, opts?: BodyOptions<T>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: BodyOptions<T>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: BodyOptions<T>) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, opts?: BodyOptions<T>) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin unless VITE_API_URL points elsewhere. */
export const api = createApiClient({ baseUrl: import.meta.env.VITE_API_URL ?? '' });
