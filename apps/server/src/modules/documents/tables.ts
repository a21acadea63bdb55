// The documents area's tables (see db/schema.ts for how areas declare tables).
import type { DocumentStatus, DocumentType } from '@mixdesk/contract/documents';
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';
import type { StoredDetails, StoredParties, StoredSignature } from './stored.ts';

export interface DocumentsTable {
  id: string;
  owner_id: string;
  /** What people quote: DOC-YYYYMMDD-7F3A9C, six hex digits, unique. */
  document_number: string;
  title: string;
  document_type: DocumentType;
  template_name: string;
  /** Where the document stands (contract/document-status.ts says what each allows). */
  status: DocumentStatus;
  project_id: string | null;
  /** The project's title when the document was made (kept if the project goes). */
  project_name: string | null;
  parties: Json<StoredParties>;
  /** The type's details, money in integer cents. */
  details: Json<StoredDetails>;
  invoice_number: string | null;
  /** Invoice total or contract budget, in cents. */
  amount_cents: number | null;
  /** YYYY-MM-DD, invoices only. */
  due_date: string | null;
  /** Lower-cased title, number, parties, invoice number and project, one per line. */
  search_text: string;
  /** SQLite only: the row's key in its trigram search index, given by a trigger (db/trigram-search.ts). */
  search_key: ColumnType<number | null, never, never>;
  pdf_key: string;
  pdf_size: number;
  pdf_sha256: string;
  pdf_revision: number;
  signing_order: ColumnType<string, string | undefined, string>;
  /** SHA-256 of the last unsigned PDF, printed on the completion certificate. */
  unsigned_sha256: string | null;
  sent_at: Timestamp | null;
  completed_at: Timestamp | null;
  paid_at: string | null;
  voided_at: Timestamp | null;
  /** Why completing the fully signed document failed, for the owner; null once it completes (issue #31). */
  completion_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentSignersTable {
  id: string;
  document_id: string;
  position: number;
  role: string;
  name: string;
  email: string;
  status: string;
  token_hash: string | null;
  token_expires_at: Timestamp | null;
  viewed_at: Timestamp | null;
  signed_at: Timestamp | null;
  rejected_at: Timestamp | null;
  signature: Json<StoredSignature> | null;
  reject_reason: string | null;
}

export interface DocumentEventsTable {
  id: string;
  document_id: string;
  type: string;
  actor_name: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface DocumentFilesTable {
  sha256: string;
  document_id: string;
  revision: number;
  /** 'draft' (as generated or edited) or 'final' (signed and sealed). */
  kind: string;
  /**
   * Where these bytes are kept (every write its own key, decision 029); null once they are not (an edit
   * replaced them): the row still answers a verify by its SHA-256.
   */
  storage_key: string | null;
  created_at: Timestamp;
}

/** How many documents an owner has of each status and type (0032-document-counts), kept by triggers. */
export interface DocumentCountsTable {
  owner_id: string;
  status: string;
  document_type: string;
  n: number | string;
}

/** Per owner: bumped by triggers on every change their documents list shows (migration 0007). */
export interface DocumentListVersionsTable {
  owner_id: string;
  version: number;
}

/** A live signing link of a document deleted with its sender's account, until it would have expired. */
export interface WithdrawnSigningLinksTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface SigningLinkFailuresTable {
  id: string;
  ip: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    signing_link_failures: SigningLinkFailuresTable;
    withdrawn_signing_links: WithdrawnSigningLinksTable;
    document_list_versions: DocumentListVersionsTable;
    document_counts: DocumentCountsTable;
    documents: DocumentsTable;
    document_signers: DocumentSignersTable;
    document_events: DocumentEventsTable;
    document_files: DocumentFilesTable;
  }
}
