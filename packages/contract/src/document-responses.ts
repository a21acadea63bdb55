// What the documents API answers (SPEC §3 Document, §7 Documents): a document with its computed figures,
// the list with its per-status stats, templates, auto-populate sources and the audit trail.
import { z } from 'zod';
import {
  DOCUMENT_STATUSES,
  DocumentTypeSchema,
  OVERDUE,
  SIGNING_ORDERS,
  TemplateNameSchema,
} from './documents.ts';
import { DateAnswerSchema, EmailAnswerSchema, PaginationSchema, TimestampSchema } from './envelope.ts';

export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);

export const PartySchema = z.object({
  name: z.string(),
  email: EmailAnswerSchema,
  address: z.string(),
  phone: z.string(),
});

export const ContractDetailsSchema = z.object({
  projectTitle: z.string(),
  deliverables: z.array(z.string()),
  timeline: z.string(),
  budget: z.number(),
  paymentTerms: z.string(),
  revisions: z.number().int(),
  rights: z.string(),
  cancellationTerms: z.string(),
});

export const InvoiceDetailsSchema = z.object({
  invoiceNumber: z.string(),
  items: z.array(
    z.object({ description: z.string(), quantity: z.number(), rate: z.number(), amount: z.number() }),
  ),
  subtotal: z.number(),
  /** The tax rate in percent when the tax was given as a rate. */
  taxRate: z.number().nullable(),
  tax: z.number(),
  total: z.number(),
  dueDate: DateAnswerSchema,
  paymentTerms: z.string(),
  notes: z.string(),
});

export const AgreementDetailsSchema = z.object({
  collaborationType: z.string(),
  revenueShare: z.object({ primaryPercentage: z.number(), secondaryPercentage: z.number() }),
  responsibilities: z.object({ primary: z.array(z.string()), secondary: z.array(z.string()) }),
  exclusivity: z.boolean(),
  duration: z.string(),
  terminationClause: z.string(),
});

const SplitPersonSchema = z.object({
  name: z.string(),
  email: EmailAnswerSchema,
  role: z.string(),
  pro: z.string(),
  ipi: z.string(),
  /** Percent with at most two decimals. */
  share: z.number(),
});
export const SplitSheetDetailsSchema = z.object({
  songTitle: z.string(),
  writers: z.array(SplitPersonSchema),
  publishers: z.array(SplitPersonSchema),
});

export const SIGNER_ROLES = ['primary', 'secondary', 'writer', 'publisher'] as const;
export const SIGNER_STATUSES = ['pending', 'sent', 'viewed', 'signed', 'rejected'] as const;

/** Everyone who signs the document: the two parties, or every person on a split sheet. */
export const SignerSchema = z.object({
  _id: z.string(),
  role: z.enum(SIGNER_ROLES),
  name: z.string(),
  email: EmailAnswerSchema,
  status: z.enum(SIGNER_STATUSES),
  viewedAt: TimestampSchema.nullable(),
  signedAt: TimestampSchema.nullable(),
  rejectedAt: TimestampSchema.nullable(),
});

export const DocumentSchema = z.object({
  _id: z.string(),
  /** The number people quote (DOC-YYYYMMDD-7F3A9C, six hex digits). */
  documentId: z.string(),
  title: z.string(),
  documentType: DocumentTypeSchema,
  templateName: TemplateNameSchema,
  status: DocumentStatusSchema,
  workflowStatus: DocumentStatusSchema,
  projectId: z.string().nullable(),
  project: z.object({ _id: z.string(), name: z.string() }).nullable(),
  parties: z.object({ primary: PartySchema, secondary: PartySchema }),
  signers: z.array(SignerSchema),
  /** How the links go out; fixed once someone has signed. */
  signingOrder: z.enum(SIGNING_ORDERS),
  /** SPEC §3: one entry per signature made. */
  signatures: z.array(
    z.object({ partyEmail: EmailAnswerSchema, name: z.string(), signedAt: TimestampSchema }),
  ),
  contractDetails: ContractDetailsSchema.nullable(),
  invoiceDetails: InvoiceDetailsSchema.nullable(),
  agreementDetails: AgreementDetailsSchema.nullable(),
  splitSheetDetails: SplitSheetDetailsSchema.nullable(),
  /** An invoice past its due date and not paid. */
  overdue: z.boolean(),
  paidAt: DateAnswerSchema.nullable(),
  sentAt: TimestampSchema.nullable(),
  completedAt: TimestampSchema.nullable(),
  /**
   * Everyone has signed but the final copy could not be made, and why (a retry failed too): the owner may
   * resend to try again, or void the document. Null otherwise.
   */
  completionError: z.string().nullable(),
  pdf: z.object({ size: z.number().int(), sha256: z.string(), revision: z.number().int() }),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type DocumentView = z.infer<typeof DocumentSchema>;

export const DocumentStatsSchema = z.object({
  total: z.number().int(),
  ...Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s, z.number().int()])),
  [OVERDUE]: z.number().int(),
} as Record<'total' | (typeof DOCUMENT_STATUSES)[number] | typeof OVERDUE, z.ZodNumber>);
export type DocumentStats = z.infer<typeof DocumentStatsSchema>;

export const DocumentListDataSchema = z.object({
  documents: z.array(DocumentSchema),
  pagination: PaginationSchema.extend({ totalDocuments: z.number().int() }),
  stats: DocumentStatsSchema,
});
export type DocumentListData = z.infer<typeof DocumentListDataSchema>;

export const DocumentDataSchema = z.object({ document: DocumentSchema });

export const TemplateSchema = z.object({
  name: TemplateNameSchema,
  documentType: DocumentTypeSchema,
  label: z.string(),
  description: z.string(),
  /** Section headings of the rendered PDF, in order. */
  sections: z.array(z.string()),
  /** Values the form starts with. */
  defaults: z.record(z.string(), z.unknown()),
});
export type Template = z.infer<typeof TemplateSchema>;
export const TemplatesDataSchema = z.object({ templates: z.array(TemplateSchema) });

export const AutoPopulateSourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the form fills from the project beside its name. */
  status: z.string(),
  ownerName: z.string(),
  ownerEmail: EmailAnswerSchema,
  collaborators: z.array(z.object({ name: z.string(), email: EmailAnswerSchema, role: z.string() })),
});
export type AutoPopulateSource = z.infer<typeof AutoPopulateSourceSchema>;
export const AutoPopulateDataSchema = z.object({ projects: z.array(AutoPopulateSourceSchema) });

export const AUDIT_EVENT_TYPES = [
  'created',
  'updated',
  'sent',
  'viewed',
  'signed',
  'rejected',
  'completed',
  'downloaded',
  'voided',
  'paid',
] as const;
export const AuditEventSchema = z.object({
  _id: z.string(),
  type: z.enum(AUDIT_EVENT_TYPES),
  actor: z.object({ name: z.string(), email: EmailAnswerSchema }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  at: TimestampSchema,
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
export const AuditDataSchema = z.object({ events: z.array(AuditEventSchema) });

/** POST /api/documents/verify: whether the PDF's SHA-256 is one we issued. */
export const VerifyDataSchema = z.object({
  issued: z.boolean(),
  sha256: z.string(),
  document: z
    .object({
      /** The number printed on the document. */
      documentId: z.string(),
      /** The document's id, for its owner only. */
      _id: z.string().nullable(),
      revision: z.number().int(),
      kind: z.enum(['draft', 'final']),
      issuedAt: TimestampSchema,
    })
    .nullable(),
});
