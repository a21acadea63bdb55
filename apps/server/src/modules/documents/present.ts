// Rows to the API's Document shape (SPEC §3 Document).

import type { AuditEvent, DocumentView } from '@mixdesk/contract/document-responses';
import { isOwedStatus } from '@mixdesk/contract/document-status';
import type { DocumentStatus, DocumentType, TemplateName } from '@mixdesk/contract/documents';
import { fromJson } from '../../db/schema.ts';
import type { DocumentRow, EventRow, SignerRow } from './repo.ts';
import { presentDetails, type StoredDetails, type StoredParties } from './stored.ts';

/** Today's date in UTC (YYYY-MM-DD): an invoice is overdue the day after its due date. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

const EMPTY_PARTY = { name: '', email: '', address: '', phone: '' };

export function presentDocument(row: DocumentRow, signers: SignerRow[], today = todayUtc()): DocumentView {
  const status = row.status as DocumentStatus;
  const parties = fromJson<StoredParties>(row.parties, { primary: EMPTY_PARTY, secondary: EMPTY_PARTY });
  const details = fromJson<StoredDetails | null>(row.details, null);
  return {
    _id: row.id,
    documentId: row.document_number,
    title: row.title,
    documentType: row.document_type as DocumentType,
    templateName: row.template_name as TemplateName,
    status,
    workflowStatus: status,
    projectId: row.project_id,
    project: row.project_id ? { _id: row.project_id, name: row.project_name ?? '' } : null,
    parties,
    signers: signers.map((s) => ({
      _id: s.id,
      role: s.role as DocumentView['signers'][number]['role'],
      name: s.name,
      email: s.email,
      status: s.status as DocumentView['signers'][number]['status'],
      viewedAt: s.viewed_at,
      signedAt: s.signed_at,
      rejectedAt: s.rejected_at,
    })),
    signingOrder: row.signing_order === 'sequential' ? 'sequential' : 'parallel',
    signatures: signers
      .filter((s) => s.signed_at)
      .map((s) => ({ partyEmail: s.email, name: s.name, signedAt: s.signed_at! })),
    ...(details
      ? presentDetails(details)
      : { contractDetails: null, invoiceDetails: null, agreementDetails: null, splitSheetDetails: null }),
    overdue:
      row.document_type === 'invoice' &&
      isOwedStatus(status) &&
      row.due_date !== null &&
      row.due_date < today,
    paidAt: row.paid_at,
    sentAt: row.sent_at,
    completedAt: row.completed_at,
    // Only while it matters: a document voided, or completed by a later try, has nothing to fix.
    completionError: status === 'signed' ? row.completion_error : null,
    pdf: { size: row.pdf_size, sha256: row.pdf_sha256, revision: row.pdf_revision },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentEvent(row: EventRow): AuditEvent {
  return {
    _id: row.id,
    type: row.type as AuditEvent['type'],
    actor: row.actor_email ? { name: row.actor_name ?? '', email: row.actor_email } : null,
    ip: row.ip,
    userAgent: row.user_agent,
    at: row.created_at,
    details: fromJson<Record<string, unknown>>(row.details, {}),
  };
}
