// Turning API failures into what the profile screens show: the server's message (SPEC §8 Profile) and, for a
// refused form, a message per field.
import { ApiError } from '../../lib/api';

/** The message the server sent with a refusal, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  const message =
    error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** The error's own message (the server's, or what went wrong on the way), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim()) return error.message;
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

/** Per-field messages from a 400 with details, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details = (error.body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return {};
  const fields: Record<string, string> = {};
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string') {
      fields[detail.path.split('.')[0] ?? detail.path] ??= detail.message;
    }
  }
  return fields;
}
