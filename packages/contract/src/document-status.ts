// What a document allows in each status: one table the server enforces and the web reads to offer only the
// actions that would succeed (SPEC §2 Documents, decision 010). "Signed" below means any party has signed.
//   generated → sent → viewed → signed (some) → completed (all); rejected by a party; voided by the owner;
//   an invoice that went out → paid.
import type { DocumentType } from './documents.ts';

/** The content may still change while nobody has signed: nothing is final (a declined one may be fixed). */
export const EDITABLE_STATUSES = ['generated', 'sent', 'viewed', 'rejected'] as const;
/** Out for signature and not yet complete: parties may sign or decline, links may be sent again. */
export const SIGNING_STATUSES = ['sent', 'viewed', 'signed'] as const;
/** Went out to its parties: an invoice in one of these is owed (may be marked paid, may be overdue). */
export const OWED_STATUSES = ['sent', 'viewed', 'signed', 'completed'] as const;
/** On record for good: neither deleted nor voided. */
export const FINAL_STATUSES = ['completed', 'paid'] as const;

const within = (statuses: readonly string[], status: string) => statuses.includes(status);

// Each takes a status as text: a DocumentStatus on the web, a row's status column on the server.

/** The first send goes out from a freshly generated document only. */
export const canSendStatus = (status: string) => status === 'generated';
/** Fresh links for the parties still to sign; signing and declining are open in the same statuses. */
export const isOutForSigning = (status: string) => within(SIGNING_STATUSES, status);
/** Editing renders a new PDF and sends the document back to 'generated'; never once someone signed. */
export const canEditStatus = (status: string, anySigned: boolean) =>
  !anySigned && within(EDITABLE_STATUSES, status);
/** A signed or final document stays on record (void it instead). */
export const canDeleteStatus = (status: string, anySigned: boolean) =>
  !anySigned && !within(FINAL_STATUSES, status);
export const canVoidStatus = (status: string) => status !== 'voided' && !within(FINAL_STATUSES, status);
/** An invoice in this status is owed: it went out and is not paid (past its due date, it is overdue). */
export const isOwedStatus = (status: string) => within(OWED_STATUSES, status);
/** Only an invoice that went out (and is not paid yet) can be marked paid. */
export const canMarkPaidStatus = (status: string, type: DocumentType | string) =>
  type === 'invoice' && isOwedStatus(status);
