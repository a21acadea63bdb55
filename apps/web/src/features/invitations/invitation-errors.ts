// What a failed answer to an invitation says: the server's own words (an unverified account, an invitation no
// longer open), or that the server could not be reached.
import { ApiError } from '../../lib/api';

export const NO_LONGER_OPEN = 'This invitation is no longer open';

/** The invitation was answered, revoked, expired or is for another account: the server answers 404. */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

export function answerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return 'Unable to connect to the server. Please check your internet connection and try again.';
  if (isGone(error)) return `${NO_LONGER_OPEN}.`;
  return error instanceof Error && error.message ? error.message : 'Could not answer the invitation';
}
