// Serving a stored object over HTTP: single byte ranges (206, Accept-Ranges, Content-Range; 416 for a range
// that is malformed or outside the file), ETag/If-Range, and a Content-Disposition that is safe for any name.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

export type RangeRequest =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'invalid' };

/**
 * Reads a Range header against a file of `size` bytes. Other units and multi-range requests are served whole
 * (RFC 9110 allows ignoring them); a malformed or unsatisfiable byte range is 'invalid' (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = /^\s*([a-zA-Z]+)\s*=(.*)$/.exec(header);
  if (!match) return { kind: 'invalid' };
  if (match[1]!.toLowerCase() !== 'bytes') return { kind: 'full' };
  const specs = match[2]!.split(',');
  if (specs.length > 1) return { kind: 'full' };
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '') || size === 0) return { kind: 'invalid' };
  const first = spec[1] === '' ? null : Number(spec[1]);
  const last = spec[2] === '' ? null : Number(spec[2]);
  if ((first !== null && !Number.isSafeInteger(first)) || (last !== null && !Number.isSafeInteger(last)))
    return { kind: 'invalid' };
  if (first === null) {
    // bytes=-N: the last N bytes.
    if (last === 0) return { kind: 'invalid' };
    return { kind: 'partial', start: Math.max(0, size - last!), end: size - 1 };
  }
  if (first >= size || (last !== null && last < first)) return { kind: 'invalid' };
  return { kind: 'partial', start: first, end: last === null ? size - 1 : Math.min(last, size - 1) };
}

/** RFC 6266 / RFC 5987: an ASCII fallback name plus the exact name, percent-encoded as UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must never reach a header
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%;]/g, '_')
      .trim() || 'download';
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

export interface StoredObject {
  /** Stable for the object's life (its id): objects never change once stored. */
  id: string;
  key: string;
  size: number;
  mime: string;
  name: string;
  createdAt: string;
}

/** A version's audio as a stored object (a row of track_versions, or any with its columns). */
export function versionObject(v: {
  id: string;
  storage_key: string;
  size: number | string;
  mime: string;
  original_name: string;
  created_at: string;
}): StoredObject {
  return {
    id: v.id,
    key: v.storage_key,
    size: Number(v.size),
    mime: v.mime,
    name: v.original_name,
    createdAt: v.created_at,
  };
}

export async function sendObject(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  object: StoredObject,
  disposition: 'inline' | 'attachment',
  /**
   * 'immutable' (the default): what this URL answers never changes, kept a day. 'revalidate': the URL may
   * answer another object later (a replaced stem's audio), so the client asks each time (304 while the same).
   */
  freshness: 'immutable' | 'revalidate' = 'immutable',
) {
  const etag = `"${object.id}"`;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', new Date(object.createdAt).toUTCString());
  reply.header('cache-control', freshness === 'immutable' ? 'private, max-age=86400' : 'private, no-cache');
  reply.header('content-disposition', contentDisposition(disposition, object.name));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, object.size);
  if (range.kind === 'invalid') {
    return reply
      .code(416)
      .header('content-range', `bytes */${object.size}`)
      .send({
        success: false,
        message: `The requested range is not within the file (${object.size} bytes).`,
        error: { code: 'BAD_REQUEST' },
      });
  }
  reply.type(object.mime);
  const partial = range.kind === 'partial';
  const [start, end] = partial ? [range.start, range.end] : [0, object.size - 1];
  if (partial) reply.code(206).header('content-range', `bytes ${start}-${end}/${object.size}`);
  reply.header('content-length', end - start + 1);
  // A HEAD asks what a GET would send: the headers, without opening the object (Fastify's HEAD route would
  // read a stream it is given to its end, the whole file, only to throw it away).
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await ctx.storage.get(object.key, partial ? range : undefined));
}
