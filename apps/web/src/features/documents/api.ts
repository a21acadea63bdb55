// The document calls of SPEC §7 (Documents), parsed with the shared contract, and their query keys.
import {
  AuditDataSchema,
  AutoPopulateDataSchema,
  DocumentDataSchema,
  DocumentListDataSchema,
  TemplatesDataSchema,
} from '@mixdesk/contract/document-responses';
import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentType,
  type GenerateDocumentInput,
  type STATUS_FILTER_OPTIONS,
} from '@mixdesk/contract/documents';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { type SigningOrder, SignLinkDataSchema } from '@mixdesk/contract/signing';
import { api } from '../../lib/api';

export interface DocumentFilters {
  search: string;
  status: (typeof STATUS_FILTER_OPTIONS)[number] | '';
  type: DocumentType | '';
}

export const EMPTY_FILTERS: DocumentFilters = { search: '', status: '', type: '' };

const ListResponseSchema = envelope(DocumentListDataSchema);
const DocumentResponseSchema = envelope(DocumentDataSchema);
const TemplatesResponseSchema = envelope(TemplatesDataSchema);
const SourcesResponseSchema = envelope(AutoPopulateDataSchema);
const AuditResponseSchema = envelope(AuditDataSchema);
const SignLinkResponseSchema = envelope(SignLinkDataSchema);

export const documentKeys = {
  all: ['documents'] as const,
  lists: () => ['documents', 'list'] as const,
  list: (filters: DocumentFilters, page: number) => ['documents', 'list', { ...filters, page }] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  audit: (id: string) => ['documents', 'audit', id] as const,
  templates: (type: DocumentType) => ['documents', 'templates', type] as const,
  sources: () => ['documents', 'auto-populate'] as const,
};

export const documentPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

/** Where the browser itself loads the PDF from (the frame in the details view), with the access cookie. */
export const inlinePdfUrl = (id: string) => api.url(`${documentPath(id)}/download`, { inline: 1 });

export async function fetchDocuments(filters: DocumentFilters, page: number, signal?: AbortSignal) {
  const { search, status, type } = filters;
  const response = await api.get('/api/documents', {
    query: { page, limit: DOCUMENTS_PAGE_SIZE, search: search.trim(), status, type },
    schema: ListResponseSchema,
    signal,
  });
  return response.data;
}

export async function fetchDocument(id: string, signal?: AbortSignal) {
  return (await api.get(documentPath(id), { schema: DocumentResponseSchema, signal })).data.document;
}

export async function fetchAudit(id: string, signal?: AbortSignal) {
  return (await api.get(`${documentPath(id)}/audit`, { schema: AuditResponseSchema, signal })).data.events;
}

export async function fetchTemplates(type: DocumentType, signal?: AbortSignal) {
  const path = `/api/documents/templates/${encodeURIComponent(type)}`;
  return (await api.get(path, { schema: TemplatesResponseSchema, signal })).data.templates;
}

export async function fetchSources(signal?: AbortSignal) {
  return (await api.get('/api/documents/auto-populate/sources', { schema: SourcesResponseSchema, signal }))
    .data.projects;
}

export async function generateDocument(input: GenerateDocumentInput) {
  return (await api.post('/api/documents/generate', input, { schema: DocumentResponseSchema })).data.document;
}

export async function updateDocument(id: string, input: GenerateDocumentInput) {
  return (await api.put(documentPath(id), input, { schema: DocumentResponseSchema })).data.document;
}

export async function deleteDocument(id: string) {
  await api.delete(documentPath(id), { schema: OkSchema });
}

/** Mails each party still to sign a fresh link (the old ones stop working). */
export async function sendDocument(id: string, signingOrder: SigningOrder) {
  return (await api.post(`${documentPath(id)}/send`, { signingOrder }, { schema: DocumentResponseSchema }))
    .data.document;
}

/** The signing page's address (`/sign/<token>`) for the signed-in user, when they are a party still to sign. */
export async function fetchSignLink(id: string) {
  return (await api.post(`${documentPath(id)}/sign-link`, undefined, { schema: SignLinkResponseSchema })).data
    .url;
}

export async function voidDocument(id: string) {
  return (await api.post(`${documentPath(id)}/void`, undefined, { schema: DocumentResponseSchema })).data
    .document;
}

/** An invoice that went out is paid, on a calendar day (YYYY-MM-DD). */
export async function markPaid(id: string, paidAt: string) {
  return (await api.post(`${documentPath(id)}/mark-paid`, { paidAt }, { schema: DocumentResponseSchema }))
    .data.document;
}
