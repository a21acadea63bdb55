// Receiving one uploaded file, sent either as the raw request body (application/octet-stream: the web app's
// way, the fields in the query string, the name in Content-Disposition) or as multipart/form-data (text
// fields, then the file part); a safe display name; and streaming into storage so that every failure (too
// large, cut off, refused) leaves neither a row nor a byte behind.

import { finished, type Readable, type Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { STREAM_BUFFER_BYTES, tooLarge } from '../../platform/storage/storage.ts';

/** Multipart framing and text fields on top of the file itself. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;
export const FIELD_MAX_BYTES = 2000;

export interface IncomingUpload {
  /** Text fields that came before the file part. */
  fields: Record<string, string>;
  /** The client's name for the file, made safe to store and show. */
  fileName: string;
  stream: Readable;
  /** True when the multipart parser cut the file at the size limit. */
  truncated(): boolean;
  /** Reads and drops the rest of the file, so the client can finish sending and read our answer. */
  discard(): void;
  /**
   * The id the stored version or file takes: a resumable upload's own, so that a retried job finds what its
   * first try made (madeVersion, madeFile) instead of making it twice. A new id when absent.
   */
  id?: string;
  /**
   * The bytes as one complete, flushed file on this machine (a finished resumable upload on the disk), for a
   * storage that can take it as it is (Storage.adopt) instead of a copy of `stream`. `stream` is still read
   * for its first bytes: the same sniffing decides.
   */
  file?: { path: string; size: number };
}

/** Opens the request's file part; services call it only after they have checked who may upload. */
export type OpenUpload = () => Promise<IncomingUpload>;

/** A display name: no directories, no control characters (NUL included), at most 255 characters. */
export function safeFileName(name: string | undefined, fallback = 'untitled'): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+$/, '');
  return Array.from(cleaned).slice(0, 255).join('') || fallback;
}

/**
 * A display name that keeps the folders a file came from ("Stems/Drums/kick.wav", a folder uploaded at once):
 * each part made safe as a name, empty, "." and ".." parts dropped, at most 1,000 characters.
 */
export function safeRelativeName(name: string | undefined, fallback = 'untitled'): string {
  const parts = (name ?? '')
    .split(/[/\\]/)
    .map((part) => safeFileName(part, ''))
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  const file = parts.pop() ?? fallback;
  const folders = parts.join('/');
  const whole = folders ? `${folders}/${file}` : file;
  return Array.from(whole).length <= 1000 ? whole : file;
}

/** The Content-Type of an upload sent as the request body itself. */
export const RAW_UPLOAD_TYPE = 'application/octet-stream';

/** The two ways to send an upload, as the OpenAPI document describes them (`rawBody` of the route). */
export function uploadBody(fields: z.ZodObject): Record<string, z.ZodType> {
  return {
    [RAW_UPLOAD_TYPE]: BinarySchema.describe(
      'The file itself; the fields in the query string, the name in Content-Disposition.',
    ),
    'multipart/form-data': fields.extend({ file: BinarySchema }),
  };
}

/**
 * The upload of a request, opened only when the service calls it (after the access checks). A raw body
 * skips the multipart parser: on this machine, finding the boundary in every chunk was a quarter of the
 * server's time for a large file (decision 007).
 */
export function requestUpload(request: FastifyRequest, maxBytes: number): OpenUpload {
  return request.isMultipart() ? multipartUpload(request, maxBytes) : rawUpload(request, maxBytes);
}

function rawUpload(request: FastifyRequest, maxBytes: number): OpenUpload {
  return async () => {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== RAW_UPLOAD_TYPE)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file as the request body with Content-Type: ${RAW_UPLOAD_TYPE}, or as multipart/form-data in a part named "file".`,
      );
    if (Number(request.headers['content-length']) > maxBytes) throw tooLarge(maxBytes);
    const fields = queryFields(request.query);
    const fileName = safeFileName(dispositionFileName(request.headers['content-disposition']));
    const body = request.raw;
    return {
      fields,
      fileName,
      stream: body,
      // Storage counts the bytes itself and stops at the limit.
      truncated: () => false,
      discard: () => {
        body.resume();
      },
    };
  };
}

/** The text fields of a raw upload: its query string, each name at most once. */
function queryFields(query: unknown): Record<string, string> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (typeof value !== 'string') throw badRequest(`The field "${name}" is given more than once.`);
    if (Buffer.byteLength(value) > FIELD_MAX_BYTES) throw badRequest(`The field "${name}" is too long.`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * The file name in a Content-Disposition header: `filename*=UTF-8''…` (RFC 8187, percent-encoded UTF-8)
 * before a plain `filename="…"`; undefined when there is neither.
 */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = /^utf-8'[^']*'(.*)$/i.exec(extended)?.[1];
    if (encoded === undefined)
      throw badRequest("Content-Disposition: write the name as filename*=UTF-8''name.wav (percent-encoded).");
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw badRequest('Content-Disposition: the file name is not valid percent-encoded UTF-8.');
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  return /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}

function multipartUpload(request: FastifyRequest, maxBytes: number): OpenUpload {
  return async () => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes + ENVELOPE_ALLOWANCE) throw tooLarge(maxBytes);
    let part: MultipartFile | undefined;
    try {
      part = await request.file({
        // The parser's buffers, in and out: megabytes, not Node's 16 KiB (see STREAM_BUFFER_BYTES).
        highWaterMark: STREAM_BUFFER_BYTES,
        fileHwm: STREAM_BUFFER_BYTES,
        // One byte over the limit reaches storage, which then refuses the file (and removes what it wrote).
        limits: {
          fileSize: maxBytes + 1,
          files: 1,
          fields: 10,
          fieldSize: FIELD_MAX_BYTES,
          parts: 12,
          headerPairs: 50,
        },
      });
    } catch (err) {
      throw asUploadError(err);
    }
    if (!part) throw badRequest('Choose a file to upload (a multipart part named "file").');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest('The file must be sent in a multipart part named "file".');
    }
    const file = part;
    return {
      fields: textFields(file),
      fileName: safeFileName(file.filename),
      stream: file.file,
      truncated: () => file.file.truncated,
      discard: () => {
        file.file.resume();
        // Once the parser has let go of the request (the file stream was destroyed), drain it directly.
        request.raw.resume();
      },
    };
  };
}

function textFields(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && first.type === 'field' && name !== 'file') {
      if (first.valueTruncated) throw badRequest(`The field "${name}" is too long.`);
      out[name] = String(first.value);
    }
  }
  return out;
}

/**
 * The upload's bytes through `gate` (a check on the first bytes). Unlike pipeline(), a failure never
 * destroys the upload's source: for a raw upload that is the request itself, and destroying it would close
 * the connection before the error could be answered. `discard` drains the source instead.
 */
export function throughGate<T extends Transform>(upload: IncomingUpload, gate: T): T {
  finished(upload.stream, { writable: false }, (err) => {
    if (err) gate.destroy(err);
  });
  // Whoever reads the gate (storage) gets its errors; these listeners only keep them from being unhandled.
  upload.stream.on('error', () => undefined);
  gate.on('error', () => undefined);
  upload.stream.pipe(gate);
  return gate;
}

/** The fields, validated; a bad field refuses the upload before any byte is stored. */
export function parseFields<T extends z.ZodType>(schema: T, upload: IncomingUpload): z.infer<T> {
  const parsed = schema.safeParse(upload.fields);
  if (parsed.success) return parsed.data;
  upload.discard();
  const details = parsed.error.issues.map((i) => ({
    path: i.path.join('.'),
    message:
      i.code === 'unrecognized_keys' ? i.message.replace('Unrecognized key', 'Unknown field') : i.message,
  }));
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid upload fields', details);
}

/** Errors while receiving bytes, as the client should read them. */
export function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many or too large parts.');
  if (status && status >= 400 && status < 500) return badRequest((err as Error).message || 'Bad upload');
  const message = (err as Error)?.message ?? '';
  if (/boundary not found/i.test(message))
    return badRequest(
      'A multipart upload needs its boundary in the Content-Type (multipart/form-data; boundary=…).',
    );
  if (/unexpected end|terminated early|premature close|aborted|malformed/i.test(message))
    return badRequest('The upload was cut off before the whole file arrived. Nothing was saved.');
  return err;
}

/**
 * Streams an upload into storage under `key`. Too large: PAYLOAD_TOO_LARGE; cut off: BAD_REQUEST; in
 * both cases storage has already removed what it wrote.
 */
/**
 * A finished resumable upload's file made the object without a copy (Storage.adopt), once the gate has
 * judged its first bytes; null where the storage cannot (a bucket): then `source` is copied.
 */
async function adoptFile(
  ctx: AppContext,
  key: string,
  upload: IncomingUpload,
  source: Readable,
  maxBytes: number,
): Promise<{ size: number } | null> {
  if (!upload.file || !ctx.storage.adopt) return null;
  if (upload.file.size > maxBytes) throw tooLarge(maxBytes);
  // The gate lets bytes through only once it has judged the head (or fails): one chunk is enough.
  for await (const _ of source) break;
  return ctx.storage.adopt(key, upload.file.path);
}

export async function storeUpload(
  ctx: AppContext,
  key: string,
  upload: IncomingUpload,
  source: Readable,
  maxBytes: number,
): Promise<{ size: number }> {
  let stored: { size: number };
  try {
    stored =
      (await adoptFile(ctx, key, upload, source, maxBytes)) ??
      (await ctx.storage.put(key, source, { maxBytes }));
  } catch (err) {
    upload.discard();
    throw asUploadError(err);
  }
  if (upload.truncated()) {
    await ctx.storage.remove(key);
    throw tooLarge(maxBytes);
  }
  ctx.countUploadBytes?.(stored.size);
  return stored;
}

export const uploadLimit = (ctx: AppContext) => ctx.config.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
