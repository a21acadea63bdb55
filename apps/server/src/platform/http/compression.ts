// Compresses the API's JSON (and plain-text) answers over 1 KiB with brotli or gzip, whichever the client
// accepts. Only bodies the server holds whole (strings and buffers): files are streams and go out as they are
// (the web app's files are compressed at build time; audio, PDFs and byte ranges keep their offsets).
// Decision 012 says why this is a hook of ours rather than @fastify/compress.
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Smaller bodies gain less than the compression costs. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Above this, compression runs on libuv's thread pool rather than holding the event loop. Below it, in line: a
 * 100 KB answer (the diagnostics report) compresses in about 0.3 ms, less than the hand-off to the pool cost.
 */
const SYNC_LIMIT = 128 * 1024;
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/plain)(?:;|$)/;
// Quality 4 of 11: close to gzip's speed with smaller output; 11 is for build time, not per request.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const compressSync: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => zlib.gzipSync(body),
};
const compressAsync: Record<
  Encoding,
  (body: Buffer, done: (err: Error | null, out: Buffer) => void) => void
> = {
  br: (body, done) => zlib.brotliCompress(body, BROTLI_OPTIONS, done),
  gzip: (body, done) => zlib.gzip(body, done),
};

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b|^\*$/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Cheapest tests first: most answers are small JSON, and streams are never touched.
    const isString = typeof payload === 'string';
    if (!isString && !Buffer.isBuffer(payload)) return done(null, payload);
    // A string's UTF-8 bytes are at most three per UTF-16 unit: a short one is under the threshold uncounted.
    if (isString && payload.length * 3 < COMPRESSION_THRESHOLD) return done(null, payload);
    const size = isString ? Buffer.byteLength(payload) : payload.length;
    if (
      size < COMPRESSION_THRESHOLD ||
      reply.getHeader('content-encoding') !== undefined ||
      !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))
    )
      return done(null, payload);
    addVary(reply);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
    if (!encoding) return done(null, payload);
    const body = isString ? Buffer.from(payload) : payload;
    const send = (compressed: Buffer) => {
      reply.header('content-encoding', encoding);
      // Fastify sets the length of what is finally sent.
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    if (size <= SYNC_LIMIT) return send(compressSync[encoding](body));
    compressAsync[encoding](body, (err, compressed) => (err ? done(err) : send(compressed)));
  });
}
