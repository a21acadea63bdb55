// What the agreement page says when a call fails: the server's own words where it has them (an unknown link,
// a request that no longer counts, an answer already given, a reason it refused), a plain sentence otherwise.
import { ApiError } from '../../lib/api';
import { firstFieldError } from '../../lib/field-errors';

export const UNREACHABLE = 'Unable to connect to the server. Please check your internet connection.';
export const LOAD_FAILED = 'This split could not be loaded. Please try again in a moment.';
export const LINK_INVALID = 'This agreement link is not valid';

/** A link that leads nowhere (unknown) or an address paused for too many requests: nothing to retry now. */
export const isDeadEnd = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 429);

export function agreeErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.status === 408) return UNREACHABLE;
  const first = firstFieldError(error);
  if (first !== undefined) return first;
  if (error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
