// What the signing page says when a call fails: the server's own words where it has them (a dead link, too
// many bad links, a field it refused), a plain sentence otherwise.
import { ApiError } from '../../../lib/api';
import { firstFieldError } from '../../../lib/field-errors';

export const UNREACHABLE = 'Unable to connect to the server. Please check your internet connection.';
export const LOAD_FAILED = 'This document could not be loaded. Please try again in a moment.';
export const LINK_INVALID = 'This signing link is invalid or has expired';

/** A link that cannot be used (unknown, used, expired, void) or a throttled address: nothing to retry now. */
export const isDeadEnd = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 429);

/** The message for a failed call; a refused field speaks for itself, without its path. */
export function signingErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.status === 408) return UNREACHABLE;
  const first = firstFieldError(error);
  if (first !== undefined) return first;
  if (error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
