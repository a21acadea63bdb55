// Turning API failures into what the profile screens show: the server's message (SPEC §8 Profile) and, for a
// refused form, a message per field.
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/field-errors';

/** The message the server sent with a refusal, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.serverMessage : undefined) ?? fallback;
}

/** The error's own message (the server's, or what went wrong on the way), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim()) return error.message;
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

/** Per-field messages from a 400 with details, keyed by the top field's name ('socialLinks.0.url' -> 'socialLinks'). */
export const profileFieldErrorsOf = (error: unknown) =>
  fieldErrorsOf(error, (path) => path.split('.')[0] ?? path);
