// SPEC §8 Documents: what each failure of the documents calls says.
import { ApiError } from '../../lib/api';

export const UNREACHABLE = 'Unable to connect to the server. Please check your internet connection.';
export const SERVICE_NOT_FOUND = 'Document service not found. Please contact support if this issue persists.';
export const LOAD_FAILED = 'Failed to load documents';
export const GENERATE_FAILED = 'Failed to generate document';
export const UPDATE_FAILED = 'Failed to update document';
export const DETAILS_FAILED = 'Failed to load document details';
export const DELETE_FAILED = 'Failed to delete document';
export const GENERATED = 'Document generated successfully!';

/** The list's error banner. */
export function listErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 408) return UNREACHABLE;
    if (error.status === 404) return SERVICE_NOT_FOUND;
  }
  return LOAD_FAILED;
}

/** The Auto-Populate dialog's message when the projects cannot be loaded. */
export function sourcesErrorMessage(error: unknown): string {
  return listErrorMessage(error) === UNREACHABLE ? UNREACHABLE : 'Failed to load your projects';
}

/** The reason a server gave for refusing a request (a 4xx other than validation), when it gave one. */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0 || error.status === 408) return UNREACHABLE;
  if (error.status >= 400 && error.status < 500 && error.status !== 404) return error.message;
  return null;
}

/** A failed action's message: what failed, then the server's reason when it gave one ('Failed to X: reason'). */
export function failureMessage(failed: string, error: unknown): string {
  const reason = refusalOf(error);
  return reason ? `${failed}: ${reason}` : failed;
}

export { fieldErrorsOf } from '../../lib/field-errors';
