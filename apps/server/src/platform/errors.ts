// One error type for every user-visible failure, and the table that maps its code to an HTTP status.
import type { ErrorCode, FieldError } from '@mixdesk/contract/envelope';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  CHECKSUM_MISMATCH: 460,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function rateLimited(retryAfterSeconds: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const when =
    seconds >= 2 * 3600
      ? `${Math.ceil(seconds / 3600)} hours`
      : seconds >= 90
        ? `${Math.ceil(seconds / 60)} minutes`
        : `${seconds} seconds`;
  return new AppError('RATE_LIMITED', `${what} Try again in ${when}.`, undefined, {
    'retry-after': String(seconds),
  });
}
