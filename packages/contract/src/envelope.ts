// The JSON envelope every API response uses (SPEC §7, DESIGN "API conventions").
import { z } from 'zod';

export const ErrorCodeSchema = z.enum([
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** An upload that expired (tus: 410). */
  'GONE',
  /** A request without the protocol version it must carry (tus: Tus-Resumable, 412). */
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  /** A chunk whose Upload-Checksum does not match its bytes (tus: 460); the chunk was discarded. */
  'CHECKSUM_MISMATCH',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: ErrorCodeSchema,
    details: z.array(FieldErrorSchema).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A success envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** A success envelope with no data. */
export const OkSchema = z.object({ success: z.literal(true), message: z.string() });
export type Ok = z.infer<typeof OkSchema>;

// Values of answers whose form the OpenAPI document states. Answers are what the server wrote itself, so these
// only describe (an answer is not checked against the format again).
/** A moment: ISO 8601 in UTC, as the server writes every one (2026-11-27T14:03:00.000Z). */
export const TimestampSchema = z.string().meta({ format: 'date-time' });
/** A calendar date (YYYY-MM-DD), as it was given. */
export const DateAnswerSchema = z.string().meta({ format: 'date' });
/** An email address, one that was checked when it was given. */
export const EmailAnswerSchema = z.string().meta({ format: 'email' });

export const PaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  limit: z.number().int(),
});

/** `page` of a paged list's query string: a whole number from 1. */
export const PageNumberSchema = z.coerce
  .number({ error: 'Page must be a whole number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(1_000_000, 'Page is too large')
  .default(1);

/** `page` and `limit` of a paged list's query string; a limit past `max` is refused, not capped. */
export function pageQueryFields(max: number, byDefault: number) {
  return {
    page: PageNumberSchema,
    limit: z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(max, `Limit must be at most ${max}`)
      .default(byDefault),
  };
}
