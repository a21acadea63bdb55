// SPEC §8 Projects: what each failure of the projects calls says, and when a failure means demo mode.

import { ApiError } from '../../lib/api';
import { TOKEN_REQUIRED_MESSAGE } from './demo-projects';

export const UNREACHABLE =
  'Unable to connect to the server. Please check your internet connection and try again.';
export const SERVICE_NOT_FOUND = 'Project service not found. Please contact support if this issue persists.';

/** A missing or refused token means demo mode, silently (SPEC §4). */
export function meansDemoMode(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'UNAUTHORIZED' || error.status === 401 || error.message.includes(TOKEN_REQUIRED_MESSAGE)
  );
}

/** The 'Connection Error' banner's message for a failed list load. */
export function listErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return UNREACHABLE;
    if (error.status === 404) return SERVICE_NOT_FOUND;
    // A 2xx whose body is not a successful list.
    if (error.status >= 200 && error.status < 300) return 'Failed to fetch projects';
    return error.message || 'Failed to load projects';
  }
  return error instanceof Error && error.message ? error.message : 'Failed to load projects';
}

/** The inline message of a failed create or edit. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return UNREACHABLE;
  return error instanceof Error && error.message ? error.message : 'Failed to save project';
}

export { fieldErrorsOf } from '../../lib/field-errors';
