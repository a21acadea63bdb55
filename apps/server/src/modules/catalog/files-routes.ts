// The files made of a release (issue #37, "Out of Mixdesk"): its label copy (PDF), a DDEX ERN 4-style
// NewReleaseMessage (XML), its CSV export, and the CSV import (the raw text/csv body, bounded, all or nothing).
// The writers are in files/; each takes the release's bundle, read for its owner (a stranger's id is a 404).
import { ImportResponseSchema } from '@mixdesk/contract/catalog';
import { releaseRoutes } from '@mixdesk/contract/routes/catalog';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { declaredUrl } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { newId } from '../../platform/ids.ts';
import { authOf } from '../../platform/security/auth.ts';
import { contentDisposition } from '../media/public.ts';
import type { ReleaseBundle } from './bundle.ts';
import { releaseBundle } from './bundle-read.ts';
import { releaseCsv } from './files/csv.ts';
import { importReleaseCsv } from './files/csv-store.ts';
import { ddexMessage } from './files/ddex.ts';
import { labelCopyPdf } from './files/label-copy.ts';
import { serveFile } from './serve-file.ts';

/** The largest CSV the import reads: far more than a release of 500 tracks with every credit. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const CSV_TYPES = ['text/csv', 'application/csv'];

/** A file name from the release: its title, or its id when the title leaves nothing usable. */
const fileName = (bundle: ReleaseBundle, suffix: string) =>
  `${bundle.release.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || bundle.release._id} - ${suffix}`;

function sendFile(reply: FastifyReply, type: string, name: string, body: Buffer | string) {
  return reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition('attachment', name))
    .send(body);
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user._id;

  // The import's body is the CSV itself, read as bytes (bounded) and decoded as UTF-8 by the handler; any other
  // type is refused here, naming the one expected (scoped to this plugin).
  for (const type of CSV_TYPES)
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_r, body, done) =>
      done(null, body),
    );
  app.addContentTypeParser('*', (request, _payload, done) =>
    done(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the CSV file itself as the body, with Content-Type text/csv (not ${request.headers['content-type'] ?? 'none'})`,
      ),
    ),
  );

  const pdf = { ...auth, produces: ['application/pdf'] };
  serveFile<{ id: string }>(app, releaseRoutes.labelCopy, pdf, async (request, reply) => {
    const bundle = await releaseBundle(ctx, me(request), request.params.id);
    return sendFile(reply, 'application/pdf', fileName(bundle, 'label copy.pdf'), await labelCopyPdf(bundle));
  });

  const xml = { ...auth, produces: ['application/xml'] };
  serveFile<{ id: string }>(app, releaseRoutes.ddex, xml, async (request, reply) => {
    const bundle = await releaseBundle(ctx, me(request), request.params.id);
    const message = ddexMessage(bundle, { messageId: newId(), createdAt: new Date().toISOString() });
    return sendFile(reply, 'application/xml; charset=utf-8', fileName(bundle, 'DDEX.xml'), message);
  });

  const csv = { ...auth, produces: ['text/csv'] };
  serveFile<{ id: string }>(app, releaseRoutes.exportCsv, csv, async (request, reply) => {
    const bundle = await releaseBundle(ctx, me(request), request.params.id);
    return sendFile(reply, 'text/csv; charset=utf-8', fileName(bundle, 'catalog.csv'), releaseCsv(bundle));
  });

  // By hand: the body is raw text/csv, which a declaration's JSON body schema cannot say. Its path, answer and
  // summary are the declaration's.
  app.post(
    declaredUrl(app, releaseRoutes.importCsv),
    {
      ...auth,
      schema: {
        rawBody: Object.fromEntries(CSV_TYPES.map((t) => [t, BinarySchema])),
        response: { 200: ImportResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body !== undefined && body !== null && !Buffer.isBuffer(body))
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the CSV file itself as the body, with Content-Type text/csv (not ${request.headers['content-type']})`,
        );
      if (!body || body.length === 0)
        throw new AppError('VALIDATION_ERROR', 'The CSV is empty: send the file as the body (text/csv)');
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      } catch {
        throw new AppError(
          'VALIDATION_ERROR',
          'The CSV is not UTF-8 text: save it as "CSV UTF-8" and try again',
        );
      }
      const counts = await importReleaseCsv(ctx, me(request), text);
      return {
        success: true as const,
        message: `Imported ${counts.releases} release, ${counts.recordings} recording${counts.recordings === 1 ? '' : 's'} and ${counts.works} work${counts.works === 1 ? '' : 's'}`,
        data: counts,
      };
    },
  );
};
