// Serves the built web app: hashed assets cached for a year, every other non-API path gets index.html.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing asset (a stale hashed file after a rebuild) is a plain 404, never index.html as a script.
    const isAsset = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (!isApi && !isAsset && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND', isApi ? `No API route ${request.method} ${path}` : 'Page not found');
  });
}
