// The text fields of an upload (a raw upload's query string, or the multipart parts before the file), for the
// schemas of the routes that stream files. Their headers are in ./transfer-headers.ts, which the web never
// loads.
import { z } from 'zod';

/** The most bytes one text field of an upload carries (a value of its query string, or a multipart part). */
export const UPLOAD_FIELD_MAX_BYTES = 2000;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/** A field of an upload's query string may name itself twice (`?label=a&label=b`): refused in words. */
const givenOnce =
  (field: string, message: (input: unknown) => string) =>
  (issue: { input?: unknown }): string =>
    Array.isArray(issue.input) ? `The field "${field}" is given more than once.` : message(issue.input);

/**
 * A text field of an upload (a value of a raw upload's query string, or a multipart part): given once and at
 * most UPLOAD_FIELD_MAX_BYTES, each refused in words before the field's own rules, chained on.
 */
export const uploadText = (field: string, label: string) =>
  z
    .string({
      error: givenOnce(field, (input) =>
        input === undefined || input === null ? `${label} is required` : `${label} must be text`,
      ),
    })
    .refine((value) => utf8Bytes(value) <= UPLOAD_FIELD_MAX_BYTES, {
      error: `The field "${field}" is too long.`,
      abort: true,
    });

/** One of `values`, as an upload's field (given once). */
export const uploadChoice = <const T extends readonly [string, ...string[]]>(
  field: string,
  values: T,
  message: string,
) => z.enum(values, { error: givenOnce(field, () => message) });

/**
 * An upload route's query string, checked before the upload begins: the fields it names, by their rules. A
 * name it does not know passes here, and is refused by the upload's own check of its fields (the raw form:
 * "Unknown field"), so that a multipart upload, whose fields are parts, still ignores its query string.
 */
export const uploadQuery = <T extends z.ZodObject>(fields: T) => fields.loose();
