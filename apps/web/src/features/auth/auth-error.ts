// SPEC §8 Auth: the server's message, else 'Authentication failed'; a request that never got an answer is 'Network error'.
import { ApiError } from '../../lib/api';

export function authErrorMessage(error: unknown, fallback = 'Authentication failed'): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return 'Network error';
    const message = (error.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() ? message : fallback;
  }
  return 'Network error';
}

/** Per-field messages from a 400 validation error, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details = (error.body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return {};
  const fields: Record<string, string> = {};
  for (const detail of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string') {
      fields[detail.path.replace(/^body\./, '')] ??= detail.message;
    }
  }
  return fields;
}
