// The documents area's routes (SPEC §7 Documents) and the signing links' (/api/sign/:token, decision 010),
// declared once for the server and the web (../routes.ts). POST /api/documents/verify is not declared: it
// takes the PDF itself as a raw body and the web does not call it.
import { z } from 'zod';
import {
  AuditDataSchema,
  AutoPopulateDataSchema,
  DocumentDataSchema,
  DocumentListDataSchema,
  TemplatesDataSchema,
} from '../document-responses.ts';
import {
  DocumentIdParamsSchema,
  DocumentListQuerySchema,
  DownloadQuerySchema,
  GenerateDocumentSchema,
  TemplateTypeParamsSchema,
} from '../documents.ts';
import { envelope, OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';
import {
  MarkPaidSchema,
  RejectWithLinkSchema,
  SendDocumentSchema,
  SigningTokenParamsSchema,
  SigningViewDataSchema,
  SignLinkDataSchema,
  SignWithLinkSchema,
} from '../signing.ts';

const DocumentResponse = envelope(DocumentDataSchema);

/**
 * The PDF's bytes (application/pdf), not JSON: the server streams them from a route it registers by hand and
 * the web loads them by address (`fillPath`), never through `call`.
 */
const PdfFile = z.custom<Blob>();

export const documentRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/documents',
    query: DocumentListQuerySchema,
    response: envelope(DocumentListDataSchema),
  },
  templates: {
    method: 'GET',
    path: '/api/documents/templates/:type',
    params: TemplateTypeParamsSchema,
    response: envelope(TemplatesDataSchema),
  },
  sources: {
    method: 'GET',
    path: '/api/documents/auto-populate/sources',
    response: envelope(AutoPopulateDataSchema),
  },
  generate: {
    method: 'POST',
    path: '/api/documents/generate',
    body: GenerateDocumentSchema,
    status: 201,
    response: DocumentResponse,
  },
  get: {
    method: 'GET',
    path: '/api/documents/:id',
    params: DocumentIdParamsSchema,
    response: DocumentResponse,
  },
  update: {
    method: 'PUT',
    path: '/api/documents/:id',
    params: DocumentIdParamsSchema,
    body: GenerateDocumentSchema,
    response: DocumentResponse,
  },
  remove: {
    method: 'DELETE',
    path: '/api/documents/:id',
    params: DocumentIdParamsSchema,
    response: OkSchema,
  },
  void: {
    method: 'POST',
    path: '/api/documents/:id/void',
    params: DocumentIdParamsSchema,
    response: DocumentResponse,
  },
  /** The PDF, saved (`inline` 0) or shown in the page (1). */
  download: {
    method: 'GET',
    path: '/api/documents/:id/download',
    params: DocumentIdParamsSchema,
    query: DownloadQuerySchema,
    response: PdfFile,
  },
  audit: {
    method: 'GET',
    path: '/api/documents/:id/audit',
    params: DocumentIdParamsSchema,
    response: envelope(AuditDataSchema),
  },
  send: {
    method: 'POST',
    path: '/api/documents/:id/send',
    params: DocumentIdParamsSchema,
    body: SendDocumentSchema,
    response: DocumentResponse,
  },
  signLink: {
    method: 'POST',
    path: '/api/documents/:id/sign-link',
    params: DocumentIdParamsSchema,
    response: envelope(SignLinkDataSchema),
  },
  markPaid: {
    method: 'POST',
    path: '/api/documents/:id/mark-paid',
    params: DocumentIdParamsSchema,
    body: MarkPaidSchema,
    response: DocumentResponse,
  },
});

/** Signing by whoever holds an emailed link: no session, the token in the path is the credential. */
export const signingRoutes = defineRoutes({
  view: {
    method: 'GET',
    path: '/api/sign/:token',
    params: SigningTokenParamsSchema,
    response: envelope(SigningViewDataSchema),
  },
  /** The document as it stands, shown in the signing page. */
  pdf: { method: 'GET', path: '/api/sign/:token/pdf', params: SigningTokenParamsSchema, response: PdfFile },
  /** 'completed' when this was the last signature (the final copy is then mailed to everyone). */
  sign: {
    method: 'POST',
    path: '/api/sign/:token',
    params: SigningTokenParamsSchema,
    body: SignWithLinkSchema,
    response: envelope(z.object({ status: z.enum(['signed', 'completed']) })),
  },
  reject: {
    method: 'POST',
    path: '/api/sign/:token/reject',
    params: SigningTokenParamsSchema,
    body: RejectWithLinkSchema,
    response: OkSchema,
  },
});
