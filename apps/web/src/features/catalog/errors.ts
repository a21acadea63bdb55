// What a refused or failed catalog call reads as: the server's own words when it sent them (they say what is
// wrong plainly: "Artwork must be square…", "Row 3: ISRC …"), else the screen's fallback.
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.serverMessage ?? (error.status === 0 ? error.message : fallback);
  return fallback;
}

/** Per-field messages keyed by the server's path ('writers.0.ipi', 'tracks.2', 'isrc'). */
export const fieldErrors = (error: unknown): Record<string, string> => fieldErrorsOf(error);
