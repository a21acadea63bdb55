// Turns every error into the JSON envelope of DESIGN.md; no stack traces or SQL reach a client.
import type { ErrorCode, FieldError } from '@mixdesk/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  outageLog,
} from '../../db/unavailable.ts';
import { AppError, STATUS_BY_CODE } from '../errors.ts';
import { CHANGE_NOT_SAVED, DISK_FULL_LOG, isDiskFull } from '../storage/disk-full.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Fastify's own client errors, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON (application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: FieldError[]) {
  return reply.status(STATUS_BY_CODE[code]).send({
    success: false,
    message,
    error: details ? { code, details } : { code },
  });
}

/** What zod's own "expected <type>" means, in words. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** `parties.primary.email` -> "Email", `parentId` -> "Parent id": the field in words. */
function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The message a person reads. Our schemas' messages name their field in words; the field's path is in
 * `details`, never a "token:" prefix (issue #20). A message zod wrote itself ("Invalid input: expected string,
 * received number") names no field: it is said again with the field's name in words.
 */
function fieldMessage(path: string, message: string): string {
  if (message.startsWith('Unrecognized key')) return message.replace('Unrecognized key', 'Unknown field');
  if (!path || !message.startsWith('Invalid')) return message;
  const expected = /^Invalid input: expected (\w+)/.exec(message)?.[1];
  return expected
    ? `${fieldLabel(path)} must be ${TYPE_WORDS[expected] ?? expected}`
    : `${fieldLabel(path)} is not valid`;
}

export function registerErrorHandler(app: FastifyInstance): void {
  const noteOutage = outageLog(app.log);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.code === 'INSUFFICIENT_STORAGE') request.log.error({ err }, DISK_FULL_LOG);
      if (err.headers) reply.headers(err.headers);
      return sendError(reply, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0]!;
      return sendError(reply, 'VALIDATION_ERROR', fieldMessage(first.path, first.message), details);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      const message = /forbidden prototype|constructor property/i.test(err.message)
        ? 'The request body contains a forbidden key ("__proto__" or "constructor").'
        : (err.code && FASTIFY_MESSAGES[err.code]) || err.message || 'Bad request';
      return sendError(reply, code, message);
    }
    if (isDiskFull(err)) {
      // The database (or a file) could not grow: the change was rolled back, what was saved stays readable.
      request.log.error({ err }, DISK_FULL_LOG);
      return sendError(reply, 'INSUFFICIENT_STORAGE', CHANGE_NOT_SAVED);
    }
    if (isDatabaseUnavailable(err)) {
      noteOutage(err);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err }, 'Unhandled error');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}
