// File uploads with real progress. fetch cannot report how much of a request body has been sent, so uploads go
// through XMLHttpRequest (upload.onprogress) — signed in exactly like the API client: its stored bearer token,
// its CSRF token, its one shared refresh and retry on a 401, and its errors (ApiError, SPEC §8).
import type { z } from 'zod';
import { type ApiClient, ApiError, api, CSRF_HEADER, messageOf } from './api';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface UploadOptions<T> {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  schema?: z.ZodType<T>;
  client?: ApiClient;
  /** Tests pass a stand-in; browsers use XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

interface Answer {
  status: number;
  statusText: string;
  body: unknown;
}

/** A token must stay valid this long for a long request (an upload, a stream) to start with it. */
const FRESH_FOR_MS = 2 * 60 * 1000;

/** When a JWT expires (ms since epoch), or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Refreshes the session now when the stored token is about to expire. Long uploads must not start with a dying
 * token, and the browser's own requests (<audio>, downloads) carry the access cookie that a refresh renews.
 */
export async function ensureFreshSession(client: ApiClient = api): Promise<void> {
  const token = client.tokens.get();
  if (!token) return;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt !== null && expiresAt - Date.now() > FRESH_FOR_MS) return;
  await client.refresh().catch(() => false);
}

function readBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What an upload sends: a multipart form, or one file as the whole body (with its name in a header). */
type UploadBody = FormData | File;

/** RFC 8187 percent-encoding for `filename*=UTF-8''…` (encodeURIComponent leaves ' ( ) * as they are). */
export function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function sendOnce<T>(client: ApiClient, path: string, body: UploadBody, opts: UploadOptions<T>) {
  const csrf = await client.csrfToken(opts.signal);
  return new Promise<Answer>((resolve, reject) => {
    const xhr = opts.createRequest?.() ?? new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', client.url(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    const token = client.tokens.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (body instanceof File) {
      // The file's own type is only the browser's guess: the server looks at the bytes.
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeFileName(body.name)}`,
      );
    }
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      opts.onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total });
    };
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, statusText: xhr.statusText, body: readBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      opts.signal?.removeEventListener('abort', abort);
      reject(new ApiError(0, 'Network error occurred'));
    };
    xhr.onabort = () => {
      opts.signal?.removeEventListener('abort', abort);
      reject(opts.signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (opts.signal?.aborted) {
      reject(opts.signal.reason);
      return;
    }
    opts.signal?.addEventListener('abort', abort, { once: true });
    // No timeout: a 2 GB file on a slow line takes far longer than the API client's 30 s.
    xhr.send(body);
  });
}

/**
 * POSTs a multipart form, or one file as the request body (the server's fast path: fields then go in the
 * path's query string), to the API with progress; resolves with the parsed success body.
 */
export async function postUpload<T = unknown>(
  path: string,
  body: UploadBody,
  opts: UploadOptions<T> = {},
): Promise<T> {
  const client = opts.client ?? api;
  await ensureFreshSession(client);
  let answer = await sendOnce(client, path, body, opts);
  if (answer.status === 401) {
    const refreshed = await client.refresh().catch(() => false);
    if (refreshed) answer = await sendOnce(client, path, body, opts);
    if (!refreshed || answer.status === 401) throw new ApiError(401, 'Authentication required', answer.body);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const message = messageOf(answer.body) ?? `HTTP ${answer.status}: ${answer.statusText}`;
    throw new ApiError(answer.status, message, answer.body);
  }
  if (!opts.schema) return answer.body as T;
  const parsed = opts.schema.safeParse(answer.body);
  if (!parsed.success) throw new ApiError(answer.status, 'Unexpected response from the server', answer.body);
  return parsed.data;
}
