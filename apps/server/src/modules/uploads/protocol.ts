// The tus 1.0 headers (https://tus.io/protocols/resumable-upload), read strictly: a header that is not what the
// protocol says is a 400 with a sentence naming it, never a guess. The headers every answer carries are here
// too.
import {
  CHECKSUM_ALGORITHMS,
  CHUNK_TYPE,
  TUS_EXTENSIONS,
  TUS_VERSION,
  type UploadMetadata,
  UploadMetadataSchema,
} from '@mixdesk/contract/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';

/** Headers a browser's tus client must be allowed to read from our answers. */
const EXPOSED = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
  'Upload-Metadata',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Tus-Checksum-Algorithm',
];

export function protocolHeaders(reply: FastifyReply): void {
  reply.header('tus-resumable', TUS_VERSION);
  reply.header('access-control-expose-headers', EXPOSED.join(', '));
}

/** What OPTIONS tells a client about this server. */
export function discoveryHeaders(reply: FastifyReply, maxBytes: number): void {
  reply.header('tus-version', TUS_VERSION);
  reply.header('tus-extension', TUS_EXTENSIONS.join(','));
  reply.header('tus-max-size', String(maxBytes));
  reply.header('tus-checksum-algorithm', CHECKSUM_ALGORITHMS.join(','));
}

const one = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Every request but OPTIONS names the protocol's version; anything else is refused with the one we speak. */
export function requireTusVersion(request: FastifyRequest, reply: FastifyReply): void {
  const version = one(request, 'tus-resumable');
  if (version === TUS_VERSION) return;
  reply.header('tus-version', TUS_VERSION);
  throw new AppError(
    'PRECONDITION_FAILED',
    version === undefined
      ? `Send Tus-Resumable: ${TUS_VERSION} with every upload request.`
      : `Tus-Resumable ${version.slice(0, 20)} is not supported: this server speaks ${TUS_VERSION}.`,
  );
}

const DIGITS = /^\d{1,16}$/;

/** A non-negative whole number header (Upload-Length, Upload-Offset). */
export function byteCount(request: FastifyRequest, name: string): number {
  const value = one(request, name);
  if (value === undefined) throw badRequest(`The ${headerName(name)} header is required.`);
  const n = DIGITS.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`${headerName(name)} must be a whole number of bytes.`);
  return n;
}

const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash, c) => dash + c.toUpperCase());

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const KEY = /^[\x21-\x2b\x2d-\x7e]{1,100}$/;

/**
 * Upload-Metadata: comma-separated `key base64value` pairs (a key alone means an empty value), each key once,
 * the values UTF-8; then what they must say (UploadMetadataSchema).
 */
export function uploadMetadata(request: FastifyRequest): UploadMetadata {
  const header = one(request, 'upload-metadata') ?? '';
  if (header.length > 8192) throw badRequest('Upload-Metadata is too long.');
  const pairs: Record<string, string> = {};
  for (const item of header.split(',')) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const [key = '', value = '', ...rest] = trimmed.split(/\s+/);
    if (!KEY.test(key) || rest.length > 0)
      throw badRequest('Upload-Metadata must be comma-separated "key base64value" pairs.');
    if (key in pairs) throw badRequest(`Upload-Metadata names "${key}" twice.`);
    if (!BASE64.test(value)) throw badRequest(`Upload-Metadata: the value of "${key}" is not valid base64.`);
    try {
      pairs[key] = UTF8.decode(Buffer.from(value, 'base64'));
    } catch {
      throw badRequest(`Upload-Metadata: the value of "${key}" is not UTF-8 text.`);
    }
  }
  if (pairs.target === undefined)
    throw badRequest('Upload-Metadata must name a target: version, file, avatar or stem.');
  const parsed = UploadMetadataSchema.safeParse(pairs);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: i.path.join('.'),
    message:
      i.code === 'unrecognized_keys' ? i.message.replace('Unrecognized key', 'Unknown field') : i.message,
  }));
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid Upload-Metadata', details);
}

/** Upload-Checksum: `sha256 <base64 digest>`; undefined when absent. */
export function uploadChecksum(request: FastifyRequest): string | undefined {
  const value = one(request, 'upload-checksum');
  if (value === undefined) return undefined;
  const [algorithm = '', digest = '', ...rest] = value.trim().split(/\s+/);
  if (!(CHECKSUM_ALGORITHMS as readonly string[]).includes(algorithm.toLowerCase()))
    throw badRequest(
      `Upload-Checksum: the algorithm "${algorithm.slice(0, 20)}" is not supported; use ${CHECKSUM_ALGORITHMS.join(', ')}.`,
    );
  if (rest.length > 0 || !BASE64.test(digest) || Buffer.from(digest, 'base64').length !== 32)
    throw badRequest('Upload-Checksum must be "sha256" and the base64 of a 32-byte digest.');
  return Buffer.from(digest, 'base64').toString('base64');
}

/** Is the request's body a chunk (Content-Type: application/offset+octet-stream)? */
export function isChunk(request: FastifyRequest): boolean {
  return one(request, 'content-type')?.split(';')[0]?.trim().toLowerCase() === CHUNK_TYPE;
}

/** RFC 7231's date format, as Upload-Expires is written. */
export const httpDate = (iso: string) => new Date(iso).toUTCString();
