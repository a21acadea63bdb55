// A refused form's messages per field, from the `details` of the contract's error envelope (one reader for
// every screen; each says how a server path becomes its field's key).
import { ApiError } from './api';

/** The field key a detail's path names; by default the path itself ('invoiceDetails.items.0.rate'). */
export type FieldKeyOf = (path: string) => string;

/** Per-field messages of a refusal, the first message for each key; empty for anything but an ApiError. */
export function fieldErrorsOf(error: unknown, keyOf: FieldKeyOf = (path) => path): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = {};
  for (const detail of error.details) fields[keyOf(detail.path)] ??= detail.message;
  return fields;
}

/** The first refused field's message, when the server refused a field. */
export const firstFieldError = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.details[0]?.message : undefined;
