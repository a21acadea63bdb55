// SPEC §8 Clients: what each failure says, and which failures mean demo mode instead.
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';

export const TOKEN_REQUIRED_MESSAGE = 'Access token required';

/**
 * A refused or missing sign-in switches to demo mode, silently (SPEC §4): the server's UNAUTHORIZED, any 401,
 * and, as the SPEC words it, a message containing 'Access token required' or '401' (an error that never
 * reached the envelope, such as one a proxy wrote).
 */
export function meansDemoMode(error: unknown): boolean {
  if (error instanceof ApiError && (error.code === 'UNAUTHORIZED' || error.status === 401)) return true;
  const message = error instanceof Error ? error.message : '';
  return message.includes(TOKEN_REQUIRED_MESSAGE) || message.includes('401');
}

/** The red banner's message when the list cannot be loaded. */
export function listErrorMessage(error: unknown): string {
  // A 2xx whose body is not a successful list.
  if (error instanceof ApiError && error.status >= 200 && error.status < 300)
    return 'Failed to fetch clients';
  return error instanceof Error && error.message ? error.message : 'Failed to load clients';
}

/** The form's red banner when saving fails. */
export function saveErrorMessage(error: unknown, creating: boolean): string {
  const fallback = creating ? 'Failed to create client' : 'Failed to update client';
  if (error instanceof ApiError && error.status >= 200 && error.status < 300) return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Per-field messages of a 400 validation error, keyed by the field's path ('email', 'budget.min'); a list's
 * entries ('genres.2') count as the list's own field. */
export const clientFieldErrorsOf = (error: unknown) =>
  fieldErrorsOf(error, (path) => path.replace(/\.\d+$/, ''));
