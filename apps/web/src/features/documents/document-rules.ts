// Which actions a document offers in its state (SPEC §2 Documents, decision 010). The server refuses the same
// cases; these only keep buttons that would fail off the screen.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { hasSignatures } from './document-labels';

type Doc = Pick<DocumentView, 'status' | 'documentType' | 'signatures' | 'signers'>;

/** SPEC: Sign is offered only while the status is sent and nobody has signed. */
export const canSign = (doc: Doc) => doc.status === 'sent' && !hasSignatures(doc);

/** The first send, from a generated document. */
export const canSend = (doc: Doc) => doc.status === 'generated';

/** Fresh links for the parties still to sign, while the document is out and not yet complete. */
export const canResend = (doc: Doc) => ['sent', 'viewed', 'signed'].includes(doc.status);

/** Editing renders a new PDF and sends the document back to 'generated'; never once someone signed. */
export const canEdit = (doc: Doc) =>
  ['generated', 'sent', 'viewed', 'rejected'].includes(doc.status) && !hasSignatures(doc);

export const canDelete = (doc: Doc) =>
  !hasSignatures(doc) && doc.status !== 'completed' && doc.status !== 'paid';

export const canVoid = (doc: Doc) => !['completed', 'paid', 'voided'].includes(doc.status);

/** Only an invoice that went out can be paid. */
export const canMarkPaid = (doc: Doc) =>
  doc.documentType === 'invoice' && ['sent', 'viewed', 'signed', 'completed'].includes(doc.status);
