// A package over HTTP: its length (Content-Length) and validator (ETag) from the layout, one byte range (206
// with Content-Range; 416 with `bytes */length` for one that starts past the end), If-Range (another ETag:
// the whole package), If-None-Match (304). Only the slices a range covers are made or read (zip-stream.ts).
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { contentDisposition, parseRange } from '../media/public.ts';
import type { Package } from './contents.ts';
import { packageStream } from './zip-stream.ts';

export interface SendOptions {
  /**
   * Called before the bytes go when the answer starts at the package's first byte: a new download, not the
   * rest of one (a resumed download asks for a range further on).
   */
  onDownloadStart?: () => Promise<void>;
  cacheControl?: string;
}

export async function sendPackage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pkg: Package,
  opts: SendOptions = {},
) {
  const { length, etag } = pkg.layout;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  // The markers in a version's package follow its comments: a cache asks again, and the ETag answers.
  reply.header('cache-control', opts.cacheControl ?? 'private, no-cache');
  reply.header('content-disposition', contentDisposition('attachment', pkg.fileName));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, length);
  if (range.kind === 'invalid') {
    return reply
      .code(416)
      .header('content-range', `bytes */${length}`)
      .send({
        success: false,
        message: `The requested range is not within the package (${length} bytes).`,
        error: { code: 'BAD_REQUEST' },
      });
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, length - 1];
  reply.type('application/zip').header('content-length', end - start + 1);
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${length}`);
  // A HEAD asks what a download would be: nothing is read, and it is no download. Fastify's HEAD route drains
  // a stream it is given (all of it) and answers an empty body with length 0: an empty stream keeps ours.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  if (start === 0) await opts.onDownloadStart?.();
  return reply.send(packageStream(ctx, pkg.layout, start, end));
}
