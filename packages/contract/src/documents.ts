// Document requests (SPEC §3 Document generation payload, §5 Document form, §7 Documents): the enums and
// statuses, the generation payload with every SPEC §5 message, and the list's query. The type-specific
// details are in document-details.ts, the money arithmetic in document-money.ts, the field builders and
// limits in document-fields.ts (re-exported here: this module is the documents contract's front door).
// Responses are in document-responses.ts.
import { z } from 'zod';
import { oneLine } from './auth.ts';
import {
  AgreementDetailsSchema,
  ContractDetailsSchema,
  InvoiceDetailsSchema,
  SplitSheetDetailsSchema,
} from './document-details.ts';
import {
  ADDRESS_MAX,
  optionalClause,
  optionalLine,
  PARTY_NAME_MAX,
  PHONE_MAX,
  requiredEmail,
  requiredLine,
} from './document-fields.ts';

export * from './document-details.ts';
export {
  ADDRESS_MAX,
  CLAUSE_MAX,
  INVOICE_ITEMS_MAX,
  INVOICE_NUMBER_MAX,
  LIST_ROWS_MAX,
  NOTES_MAX,
  PARTY_NAME_MAX,
  PHONE_MAX,
  SHORT_TEXT_MAX,
  SPLIT_PEOPLE_MAX,
} from './document-fields.ts';
export * from './document-money.ts';
export { isCalendarDate } from './projects.ts';

export const DOCUMENT_TYPES = ['contract', 'invoice', 'agreement', 'split_sheet'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** SPEC's three templates, plus the split sheet every producer needs. */
export const TEMPLATE_NAMES = [
  'producer-contract',
  'collaboration-agreement',
  'studio-session-invoice',
  'split-sheet',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const TEMPLATE_TYPE: Record<TemplateName, DocumentType> = {
  'producer-contract': 'contract',
  'collaboration-agreement': 'agreement',
  'studio-session-invoice': 'invoice',
  'split-sheet': 'split_sheet',
};

export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  'producer-contract': 'Producer Contract',
  'collaboration-agreement': 'Collaboration Agreement',
  'studio-session-invoice': 'Studio Session Invoice',
  'split-sheet': 'Split Sheet',
};

/**
 * generated → sent → viewed → signed (some parties) → completed (all parties); rejected by a party;
 * voided by the owner; an invoice also goes to paid. SPEC's filter offers the first five.
 */
export const DOCUMENT_STATUSES = [
  'generated',
  'sent',
  'viewed',
  'signed',
  'completed',
  'rejected',
  'voided',
  'paid',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** SPEC §2: the status filter's options. */
export const STATUS_FILTER_OPTIONS = ['generated', 'sent', 'viewed', 'signed', 'completed'] as const;
/** A filter value beside the statuses: invoices past their due date and not paid. */
export const OVERDUE = 'overdue';

/** 'parallel': every signer gets a link at once; 'sequential': each after the one before has signed. */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const DOCUMENTS_PAGE_SIZE = 12;
export const DOCUMENTS_LIMIT_MAX = 100;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_SEARCH_MAX = 100;

export const TemplateNameSchema = z.enum(TEMPLATE_NAMES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Template is required'
      : `Template must be one of: ${TEMPLATE_NAMES.join(', ')}`,
});
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, {
  error: `Document type must be one of: ${DOCUMENT_TYPES.join(', ')}`,
});

const partySchema = (who: 'Primary' | 'Secondary') =>
  z.strictObject(
    {
      name: requiredLine(`${who} party name`, PARTY_NAME_MAX),
      email: requiredEmail(`${who} party email`),
      address: optionalClause(`${who} party address`, ADDRESS_MAX),
      phone: optionalLine(`${who} party phone`, PHONE_MAX),
    },
    { error: `${who} party is required` },
  );

export const PartiesSchema = z.strictObject(
  { primary: partySchema('Primary'), secondary: partySchema('Secondary') },
  { error: 'Parties are required' },
);
export type Parties = z.output<typeof PartiesSchema>;
export type Party = Parties['primary'];

export const ProjectRefSchema = z
  .union([z.string({ error: 'Project id must be text' }).max(100, 'Project not found'), z.null()])
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .optional();

const generationFields = {
  documentType: DocumentTypeSchema.optional(),
  templateName: TemplateNameSchema,
  title: optionalLine('Title', DOCUMENT_TITLE_MAX),
  parties: PartiesSchema.optional(),
  projectId: ProjectRefSchema,
  contractDetails: ContractDetailsSchema.optional(),
  invoiceDetails: InvoiceDetailsSchema.optional(),
  agreementDetails: AgreementDetailsSchema.optional(),
  splitSheetDetails: SplitSheetDetailsSchema.optional(),
};

const DETAILS_KEY: Record<DocumentType, keyof typeof generationFields> = {
  contract: 'contractDetails',
  invoice: 'invoiceDetails',
  agreement: 'agreementDetails',
  split_sheet: 'splitSheetDetails',
};
export const DETAILS_LABEL: Record<DocumentType, string> = {
  contract: 'Contract details are required for a contract',
  invoice: 'Invoice details are required for an invoice',
  agreement: 'Agreement details are required for an agreement',
  split_sheet: 'Split sheet details are required for a split sheet',
};

/**
 * POST /api/documents/generate and PUT /api/documents/:id (the whole document again). The template decides
 * the type (documentType, if sent, must agree); exactly the matching details object is required. A split
 * sheet's parties may be left out: they are then its first two people.
 */
export const GenerateDocumentSchema = z.strictObject(generationFields).superRefine((body, ctx) => {
  const type = TEMPLATE_TYPE[body.templateName];
  if (body.documentType && body.documentType !== type)
    ctx.addIssue({
      code: 'custom',
      path: ['documentType'],
      message: `The ${body.templateName} template makes a ${type.replace('_', ' ')}, not a ${body.documentType.replace('_', ' ')}`,
    });
  for (const t of DOCUMENT_TYPES) {
    const key = DETAILS_KEY[t];
    if (t === type && body[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: DETAILS_LABEL[t] });
    if (t !== type && body[key] !== undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: `A ${type.replace('_', ' ')} takes no ${key}` });
  }
  if (type !== 'split_sheet' && body.parties === undefined)
    ctx.addIssue({ code: 'custom', path: ['parties'], message: 'Parties are required' });
});
export type GenerateDocumentInput = z.input<typeof GenerateDocumentSchema>;
export type GenerateDocument = z.output<typeof GenerateDocumentSchema>;

const queryText = (label: string) => z.string({ error: `${label} must be given once, as text` });
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

export const DocumentListQuerySchema = z.object({
  page: blankAsAbsent(
    z.coerce
      .number({ error: 'Page must be a whole number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(1_000_000, 'Page is too large'),
  ).default(1),
  limit: blankAsAbsent(
    z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .transform((n) => Math.min(n, DOCUMENTS_LIMIT_MAX)),
  ).default(DOCUMENTS_PAGE_SIZE),
  search: blankAsAbsent(
    queryText('Search')
      .overwrite(oneLine)
      .trim()
      .max(DOCUMENT_SEARCH_MAX, `Search must be at most ${DOCUMENT_SEARCH_MAX} characters`),
  ),
  status: blankAsAbsent(
    z.enum([...DOCUMENT_STATUSES, OVERDUE], {
      error: `Status must be one of: ${[...DOCUMENT_STATUSES, OVERDUE].join(', ')}`,
    }),
  ),
  type: blankAsAbsent(DocumentTypeSchema),
});
export type DocumentListQuery = z.input<typeof DocumentListQuerySchema>;

export const DocumentIdParamsSchema = z.object({ id: z.string().max(200) });
export const TemplateTypeParamsSchema = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: `Template type must be one of: ${DOCUMENT_TYPES.join(', ')}` }),
});

export const DownloadQuerySchema = z.object({
  /** 1: shown inside the page (the details view) instead of saved. */
  inline: z
    .enum(['0', '1', 'true', 'false'], { error: 'Inline must be 0 or 1' })
    .transform((v) => v === '1' || v === 'true')
    .default(false),
});
