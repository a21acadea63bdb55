// Which actions a document offers in its state (SPEC §2 Documents, decision 010), from the contract's status
// table the server enforces (document-status.ts): these only keep buttons that would fail off the screen.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import {
  canDeleteStatus,
  canEditStatus,
  canMarkPaidStatus,
  canSendStatus,
  canVoidStatus,
  isOutForSigning,
} from '@mixdesk/contract/document-status';
import { hasSignatures } from './document-labels';

type Doc = Pick<DocumentView, 'status' | 'documentType' | 'signatures' | 'signers'>;

/** SPEC: Sign is offered only while the status is sent and nobody has signed. */
export const canSign = (doc: Doc) => doc.status === 'sent' && !hasSignatures(doc);

/** The first send, from a generated document. */
export const canSend = (doc: Doc) => canSendStatus(doc.status);

/** Fresh links for the parties still to sign, while the document is out and not yet complete. */
export const canResend = (doc: Doc) => isOutForSigning(doc.status);

/** Editing renders a new PDF and sends the document back to 'generated'; never once someone signed. */
export const canEdit = (doc: Doc) => canEditStatus(doc.status, hasSignatures(doc));

export const canDelete = (doc: Doc) => canDeleteStatus(doc.status, hasSignatures(doc));

export const canVoid = (doc: Doc) => canVoidStatus(doc.status);

/** Only an invoice that went out can be paid. */
export const canMarkPaid = (doc: Doc) => canMarkPaidStatus(doc.status, doc.documentType);
