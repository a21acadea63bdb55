// HTTP routes of the documents area (SPEC §7 Documents), as the contract declares them: validate, call the
// service, shape the envelope.
// `/templates/:type`, `/auto-populate/sources` and `/verify` are static paths, so they win over `/:id`.
import { VerifyDataSchema } from '@mixdesk/contract/document-responses';
import { envelope } from '@mixdesk/contract/envelope';
import { documentRoutes as routes } from '@mixdesk/contract/routes/documents';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { originOf } from './events.ts';
import { listDocumentsJson } from './list.ts';
import { documentAudit, sendPdf, VERIFY_MAX_BYTES, verifyPdf } from './pdf-routes.ts';
import { markPaid, sendDocument, signLinkForUser } from './send.ts';
import * as documents from './service.ts';
import { autoPopulateSources } from './sources.ts';
import { templatesOf } from './templates.ts';

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };
  const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
  const owner = (request: FastifyRequest) => {
    const { user } = authOf(request);
    return { id: user._id, name: user.name, email: user.email };
  };

  // A PDF sent to /verify arrives as the raw body (scoped to this area).
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: VERIFY_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  serve(app, routes.list, auth, async (request, reply) => {
    const json = await listDocumentsJson(ctx, owner(request).id, request.query);
    // Already validated against the response schema and serialised (and cached) by the list.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  serve(app, routes.templates, auth, async (request) =>
    ok('Templates', { templates: templatesOf(request.params.type) }),
  );

  serve(app, routes.sources, auth, async (request) =>
    ok('Projects', { projects: await autoPopulateSources(ctx, owner(request).id) }),
  );

  serve(app, routes.generate, auth, async (request, reply) => {
    const document = await documents.generateDocument(ctx, owner(request), request.body, originOf(request));
    return reply.status(201).send(ok('Document generated successfully!', { document }));
  });

  // By hand, and not declared in the contract: the body is the PDF itself (raw application/pdf, read by the
  // parser above, described by `rawBody`), which a declaration's JSON body schema cannot say; the web does not
  // call it.
  app.post(
    '/verify',
    {
      ...auth,
      schema: { rawBody: { 'application/pdf': BinarySchema }, response: { 200: envelope(VerifyDataSchema) } },
    },
    async (request) => ok('Verification', await verifyPdf(ctx, owner(request).id, request.body)),
  );

  serve(app, routes.get, auth, async (request) =>
    ok('Document', { document: await documents.getDocument(ctx, owner(request).id, request.params.id) }),
  );

  serve(app, routes.update, auth, async (request) =>
    ok('Document updated', {
      document: await documents.updateDocument(
        ctx,
        owner(request),
        request.params.id,
        request.body,
        originOf(request),
      ),
    }),
  );

  serve(app, routes.remove, auth, async (request) => {
    await documents.deleteDocument(ctx, owner(request).id, request.params.id);
    return { success: true as const, message: 'Document deleted' };
  });

  serve(app, routes.void, auth, async (request) =>
    ok('Document voided', {
      document: await documents.voidDocument(ctx, owner(request), request.params.id, originOf(request)),
    }),
  );

  // By hand: the answer is the PDF's bytes, streamed, not a JSON envelope. Its path, params and query are
  // still the declaration's.
  app.get(
    declaredUrl(app, routes.download),
    {
      ...auth,
      schema: {
        params: routes.download.params,
        querystring: routes.download.query,
        produces: ['application/pdf'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) =>
      sendPdf(ctx, reply, owner(request), request.params.id, request.query.inline, originOf(request)),
  );

  serve(app, routes.audit, auth, async (request) =>
    ok('Audit trail', { events: await documentAudit(ctx, owner(request).id, request.params.id) }),
  );

  serve(app, routes.send, auth, async (request) =>
    ok('Signing links sent', {
      document: await sendDocument(
        ctx,
        owner(request),
        request.params.id,
        request.body.signingOrder,
        originOf(request),
      ),
    }),
  );

  serve(app, routes.signLink, auth, async (request) =>
    ok('Signing link', await signLinkForUser(ctx, owner(request), request.params.id)),
  );

  serve(app, routes.markPaid, auth, async (request) =>
    ok('Invoice marked as paid', {
      document: await markPaid(
        ctx,
        owner(request),
        request.params.id,
        request.body.paidAt,
        originOf(request),
      ),
    }),
  );
};
