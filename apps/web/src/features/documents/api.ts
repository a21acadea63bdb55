// The document calls of SPEC §7 (Documents), as the contract declares them, and their query keys.
import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentType,
  type GenerateDocumentInput,
  type STATUS_FILTER_OPTIONS,
} from '@mixdesk/contract/documents';
import { fillPath } from '@mixdesk/contract/routes';
import { documentRoutes as routes } from '@mixdesk/contract/routes/documents';
import type { SigningOrder } from '@mixdesk/contract/signing';
import { api } from '../../lib/api';
import { call } from '../../lib/call';

export interface DocumentFilters {
  search: string;
  status: (typeof STATUS_FILTER_OPTIONS)[number] | '';
  type: DocumentType | '';
}

export const EMPTY_FILTERS: DocumentFilters = { search: '', status: '', type: '' };

export const documentKeys = {
  all: ['documents'] as const,
  lists: () => ['documents', 'list'] as const,
  list: (filters: DocumentFilters, page: number) => ['documents', 'list', { ...filters, page }] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  audit: (id: string) => ['documents', 'audit', id] as const,
  templates: (type: DocumentType) => ['documents', 'templates', type] as const,
  sources: () => ['documents', 'auto-populate'] as const,
};

/** The document's own address (the declared GET /api/documents/:id), which ./download.ts builds on. */
export const documentPath = (id: string) => fillPath(routes.get.path, { id });

/** Where the browser itself loads the PDF from (the frame in the details view), with the access cookie. */
export const inlinePdfUrl = (id: string) => api.url(fillPath(routes.download.path, { id }), { inline: 1 });

export async function fetchDocuments(filters: DocumentFilters, page: number, signal?: AbortSignal) {
  const { search, status, type } = filters;
  const query = { page, limit: DOCUMENTS_PAGE_SIZE, search: search.trim(), status, type };
  return (await call(routes.list, { query }, { signal })).data;
}

export async function fetchDocument(id: string, signal?: AbortSignal) {
  return (await call(routes.get, { params: { id } }, { signal })).data.document;
}

export async function fetchAudit(id: string, signal?: AbortSignal) {
  return (await call(routes.audit, { params: { id } }, { signal })).data.events;
}

export async function fetchTemplates(type: DocumentType, signal?: AbortSignal) {
  return (await call(routes.templates, { params: { type } }, { signal })).data.templates;
}

export async function fetchSources(signal?: AbortSignal) {
  return (await call(routes.sources, {}, { signal })).data.projects;
}

export async function generateDocument(input: GenerateDocumentInput) {
  return (await call(routes.generate, { body: input })).data.document;
}

export async function updateDocument(id: string, input: GenerateDocumentInput) {
  return (await call(routes.update, { params: { id }, body: input })).data.document;
}

export async function deleteDocument(id: string) {
  await call(routes.remove, { params: { id } });
}

/** Mails each party still to sign a fresh link (the old ones stop working). */
export async function sendDocument(id: string, signingOrder: SigningOrder) {
  return (await call(routes.send, { params: { id }, body: { signingOrder } })).data.document;
}

/** The signing page's address (`/sign/<token>`) for the signed-in user, when they are a party still to sign. */
export async function fetchSignLink(id: string) {
  return (await call(routes.signLink, { params: { id } })).data.url;
}

export async function voidDocument(id: string) {
  return (await call(routes.void, { params: { id } })).data.document;
}

/** An invoice that went out is paid, on a calendar day (YYYY-MM-DD). */
export async function markPaid(id: string, paidAt: string) {
  return (await call(routes.markPaid, { params: { id }, body: { paidAt } })).data.document;
}
