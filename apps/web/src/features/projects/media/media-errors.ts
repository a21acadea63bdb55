// What a failed media call says to the person: the server's own message when it has one (they are written
// for people), else a plain fallback; a lost connection reads the same as everywhere else in projects.
import { ApiError } from '../../../lib/api';
import { UNREACHABLE } from '../project-errors';

export function mediaErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return UNREACHABLE;
    return error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** True when the call was cancelled by the person (an upload they stopped). */
export const wasCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
