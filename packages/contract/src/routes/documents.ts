// The documents area's routes (SPEC §7 Documents) and the signing links' (/api/sign/:token, decision 010),
// declared once for the server and the web (../routes.ts). POST /api/documents/verify is declared too, though
// the server registers it by hand (it takes the PDF itself as a raw body) and the web does not call it.
import { z } from 'zod';
import {
  AuditDataSchema,
  AutoPopulateDataSchema,
  DocumentDataSchema,
  DocumentListDataSchema,
  TemplatesDataSchema,
  VerifyDataSchema,
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

export const documentRoutes = defineRoutes('document', {
  list: {
    method: 'GET',
    path: '/api/documents',
    summary: 'List my documents',
    query: DocumentListQuerySchema,
    response: envelope(DocumentListDataSchema),
  },
  templates: {
    method: 'GET',
    path: '/api/documents/templates/:type',
    summary: 'List the templates of a document type',
    params: TemplateTypeParamsSchema,
    response: envelope(TemplatesDataSchema),
  },
  sources: {
    method: 'GET',
    path: '/api/documents/auto-populate/sources',
    summary: 'List the projects a document can be filled from',
    response: envelope(AutoPopulateDataSchema),
  },
  generate: {
    method: 'POST',
    path: '/api/documents/generate',
    summary: 'Generate a document',
    errors: [409, 507],
    body: GenerateDocumentSchema,
    status: 201,
    response: DocumentResponse,
  },
  /** The PDF itself as the raw body (application/pdf, at most 32 MB), read by the handler. */
  verify: {
    method: 'POST',
    path: '/api/documents/verify',
    summary: 'Check whether a PDF was issued here',
    errors: [413, 415],
    response: envelope(VerifyDataSchema),
  },
  get: {
    method: 'GET',
    path: '/api/documents/:id',
    summary: 'Get a document',
    params: DocumentIdParamsSchema,
    response: DocumentResponse,
  },
  update: {
    method: 'PUT',
    path: '/api/documents/:id',
    summary: 'Update a document',
    errors: [409, 507],
    params: DocumentIdParamsSchema,
    body: GenerateDocumentSchema,
    response: DocumentResponse,
  },
  remove: {
    method: 'DELETE',
    path: '/api/documents/:id',
    summary: 'Delete a document',
    errors: [409],
    params: DocumentIdParamsSchema,
    response: OkSchema,
  },
  void: {
    method: 'POST',
    path: '/api/documents/:id/void',
    summary: 'Void a document',
    errors: [409],
    params: DocumentIdParamsSchema,
    response: DocumentResponse,
  },
  /** The PDF, saved (`inline` 0) or shown in the page (1). */
  download: {
    method: 'GET',
    path: '/api/documents/:id/download',
    summary: "Download a document's PDF",
    params: DocumentIdParamsSchema,
    query: DownloadQuerySchema,
    response: PdfFile,
  },
  audit: {
    method: 'GET',
    path: '/api/documents/:id/audit',
    summary: "Get a document's audit trail",
    params: DocumentIdParamsSchema,
    response: envelope(AuditDataSchema),
  },
  send: {
    method: 'POST',
    path: '/api/documents/:id/send',
    summary: 'Send a document for signature',
    errors: [409],
    params: DocumentIdParamsSchema,
    body: SendDocumentSchema,
    response: DocumentResponse,
  },
  signLink: {
    method: 'POST',
    path: '/api/documents/:id/sign-link',
    summary: 'Get my own signing link for a document',
    errors: [409],
    params: DocumentIdParamsSchema,
    response: envelope(SignLinkDataSchema),
  },
  markPaid: {
    method: 'POST',
    path: '/api/documents/:id/mark-paid',
    summary: 'Mark an invoice as paid',
    errors: [409],
    params: DocumentIdParamsSchema,
    body: MarkPaidSchema,
    response: DocumentResponse,
  },
});

/** Signing by whoever holds an emailed link: no session, the token in the path is the credential. */
export const signingRoutes = defineRoutes('signing', {
  view: {
    method: 'GET',
    path: '/api/sign/:token',
    summary: 'Open a document to sign',
    params: SigningTokenParamsSchema,
    response: envelope(SigningViewDataSchema),
  },
  /** The document as it stands, shown in the signing page. */
  pdf: {
    method: 'GET',
    path: '/api/sign/:token/pdf',
    summary: 'Get the PDF of a document to sign',
    params: SigningTokenParamsSchema,
    response: PdfFile,
  },
  /** 'completed' when this was the last signature (the final copy is then mailed to everyone). */
  sign: {
    method: 'POST',
    path: '/api/sign/:token',
    summary: 'Sign a document',
    errors: [409, 413, 507],
    params: SigningTokenParamsSchema,
    body: SignWithLinkSchema,
    response: envelope(z.object({ status: z.enum(['signed', 'completed']) })),
  },
  reject: {
    method: 'POST',
    path: '/api/sign/:token/reject',
    summary: 'Decline to sign a document',
    errors: [409],
    params: SigningTokenParamsSchema,
    body: RejectWithLinkSchema,
    response: OkSchema,
  },
});
