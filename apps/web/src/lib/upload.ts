// What long transfers share: an upload's progress as the queue reports it (every upload goes through the
// resumable protocol, resumable-upload.ts), and a session fresh enough for a request that runs for minutes
// (an upload, a download, the player's stream, which carry the access cookie a refresh renews).
import { type ApiClient, api } from './api';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
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
