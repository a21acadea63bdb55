// Serves the built web app: hashed assets cached for a year, index.html revalidated on every visit, the
// brotli or gzip copy the build wrote beside a file when the browser accepts it (decision 012); every other
// path the server does not own itself (the API, /socket.io, /metrics) gets index.html.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from '../observability/metrics.ts';
import { sendError } from './error-handler.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const VARIANT = /\.(?:br|gz)$/;
const API_PATH = /^\/(?:api(?:\/|$)|socket\.io)/;

/**
 * The request's path as the router reads it: percent-decoded, so `/%61pi/x` is an API path as it is routed to
 * the API. A malformed escape leaves the path as sent.
 */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** /metrics and below: a scraper denied it must see a 404, not a page it fails to parse. */
const isMetricsPath = (urlPath: string) => urlPath === METRICS_PATH || urlPath.startsWith(`${METRICS_PATH}/`);

/** The files of dist that have a .br or .gz copy beside them (absolute paths). */
function filesWithVariants(webDist: string): Set<string> {
  const files = readdirSync(webDist, { recursive: true, encoding: 'utf8' });
  return new Set(files.filter((f) => VARIANT.test(f)).map((f) => path.join(webDist, f.replace(VARIANT, ''))));
}

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (webDist) {
    const compressed = filesWithVariants(webDist);
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // file.br for `Accept-Encoding: br`, file.gz for gzip, else the file itself.
      preCompressed: true,
      // The copies are served in place of their originals, never under their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      // send's own header (public, max-age=0) would overwrite the one set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names everything under assets/ by its content hash: a changed file is a new URL.
        res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        if (compressed.has(filePath.replace(VARIANT, ''))) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = decodedPath(request.url);
    const isApi = API_PATH.test(urlPath);
    // A missing asset (a stale hashed file after a rebuild) is a plain 404, never index.html as a script.
    const isAsset = urlPath.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(urlPath);
    const isPage = !isApi && !isAsset && !isMetricsPath(urlPath);
    if (isPage && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(
      reply,
      'NOT_FOUND',
      isApi ? `No API route ${request.method} ${urlPath}` : 'Page not found',
    );
  });
}
