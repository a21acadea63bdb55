// SPEC §8 Auth: the server's message, else 'Authentication failed'; a request that never got an answer is 'Network error'.
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';

export function authErrorMessage(error: unknown, fallback = 'Authentication failed'): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return 'Network error';
    return error.serverMessage ?? fallback;
  }
  return 'Network error';
}

/** Per-field messages from a 400 validation error, keyed by field name. */
export const fieldErrors = (error: unknown) => fieldErrorsOf(error, (path) => path.replace(/^body\./, ''));
