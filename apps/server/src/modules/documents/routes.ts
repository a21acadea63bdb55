// HTTP routes of the documents area (SPEC §7 Documents): validate, call the service, shape the envelope.
// `/templates/:type`, `/auto-populate/sources` and `/verify` are static paths, so they win over `/:id`.
import {
  AuditDataSchema,
  AutoPopulateDataSchema,
  DocumentDataSchema,
  TemplatesDataSchema,
  VerifyDataSchema,
} from '@mixdesk/contract/document-responses';
import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  DownloadQuerySchema,
  GenerateDocumentSchema,
  TemplateTypeParamsSchema,
} from '@mixdesk/contract/documents';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { MarkPaidSchema, SendDocumentSchema, SignLinkDataSchema } from '@mixdesk/contract/signing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { BinarySchema } from '../../platform/openapi.ts';
import { originOf } from './events.ts';
import { DocumentListResponseSchema, listDocumentsJson } from './list.ts';
import { documentAudit, sendPdf, VERIFY_MAX_BYTES, verifyPdf } from './pdf-routes.ts';
import { markPaid, sendDocument, signLinkForUser } from './send.ts';
import * as documents from './service.ts';
import { autoPopulateSources } from './sources.ts';
import { templatesOf } from './templates.ts';

const DocumentResponse = envelope(DocumentDataSchema);

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

  app.get(
    '/',
    {
      ...auth,
      schema: { querystring: DocumentListQuerySchema, response: { 200: DocumentListResponseSchema } },
    },
    async (request, reply) => {
      const json = await listDocumentsJson(ctx, owner(request).id, request.query);
      // Already validated against the response schema and serialised (and cached) by the list.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/templates/:type',
    {
      ...auth,
      schema: { params: TemplateTypeParamsSchema, response: { 200: envelope(TemplatesDataSchema) } },
    },
    async (request) => ok('Templates', { templates: templatesOf(request.params.type) }),
  );

  app.get(
    '/auto-populate/sources',
    { ...auth, schema: { response: { 200: envelope(AutoPopulateDataSchema) } } },
    async (request) => ok('Projects', { projects: await autoPopulateSources(ctx, owner(request).id) }),
  );

  app.post(
    '/generate',
    { ...auth, schema: { body: GenerateDocumentSchema, response: { 201: DocumentResponse } } },
    async (request, reply) => {
      const document = await documents.generateDocument(ctx, owner(request), request.body, originOf(request));
      return reply.status(201).send(ok('Document generated successfully!', { document }));
    },
  );

  app.post(
    '/verify',
    {
      ...auth,
      schema: { rawBody: { 'application/pdf': BinarySchema }, response: { 200: envelope(VerifyDataSchema) } },
    },
    async (request) => ok('Verification', await verifyPdf(ctx, owner(request).id, request.body)),
  );

  app.get(
    '/:id',
    { ...auth, schema: { params: DocumentIdParamsSchema, response: { 200: DocumentResponse } } },
    async (request) =>
      ok('Document', { document: await documents.getDocument(ctx, owner(request).id, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      ...auth,
      schema: {
        params: DocumentIdParamsSchema,
        body: GenerateDocumentSchema,
        response: { 200: DocumentResponse },
      },
    },
    async (request) =>
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

  app.delete(
    '/:id',
    { ...auth, schema: { params: DocumentIdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await documents.deleteDocument(ctx, owner(request).id, request.params.id);
      return { success: true as const, message: 'Document deleted' };
    },
  );

  app.post(
    '/:id/void',
    { ...auth, schema: { params: DocumentIdParamsSchema, response: { 200: DocumentResponse } } },
    async (request) =>
      ok('Document voided', {
        document: await documents.voidDocument(ctx, owner(request), request.params.id, originOf(request)),
      }),
  );

  app.get(
    '/:id/download',
    {
      ...auth,
      schema: {
        params: DocumentIdParamsSchema,
        querystring: DownloadQuerySchema,
        produces: ['application/pdf'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) =>
      sendPdf(ctx, reply, owner(request), request.params.id, request.query.inline, originOf(request)),
  );

  app.get(
    '/:id/audit',
    { ...auth, schema: { params: DocumentIdParamsSchema, response: { 200: envelope(AuditDataSchema) } } },
    async (request) =>
      ok('Audit trail', { events: await documentAudit(ctx, owner(request).id, request.params.id) }),
  );

  app.post(
    '/:id/send',
    {
      ...auth,
      schema: {
        params: DocumentIdParamsSchema,
        body: SendDocumentSchema,
        response: { 200: DocumentResponse },
      },
    },
    async (request) =>
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

  app.post(
    '/:id/sign-link',
    { ...auth, schema: { params: DocumentIdParamsSchema, response: { 200: envelope(SignLinkDataSchema) } } },
    async (request) => ok('Signing link', await signLinkForUser(ctx, owner(request), request.params.id)),
  );

  app.post(
    '/:id/mark-paid',
    {
      ...auth,
      schema: { params: DocumentIdParamsSchema, body: MarkPaidSchema, response: { 200: DocumentResponse } },
    },
    async (request) =>
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
