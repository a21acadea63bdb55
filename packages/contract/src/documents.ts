// Document requests (SPEC §3 Document generation payload, §4 Invoice totals / Agreement revenue share,
// §5 Document form, §7 Documents): the enums, the generation payload with every SPEC §5 message, and the
// money arithmetic both the form and the server run, in integer cents, so they can never disagree.
// Responses are in document-responses.ts.
import { z } from 'zod';
import { EMAIL_MAX, text } from './auth.ts';
import { fromCents } from './clients.ts';

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

export const DEFAULT_REVISIONS = 3;
export const DEFAULT_PAYMENT_TERMS = 'Net 30';
export const DEFAULT_REVENUE_SHARE = 50;

export const DOCUMENTS_PAGE_SIZE = 12;
export const DOCUMENTS_LIMIT_MAX = 100;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_SEARCH_MAX = 100;
export const PARTY_NAME_MAX = 120;
export const ADDRESS_MAX = 300;
export const PHONE_MAX = 40;
export const SHORT_TEXT_MAX = 200;
export const CLAUSE_MAX = 4000;
export const NOTES_MAX = 2000;
export const LIST_ROWS_MAX = 50;
export const INVOICE_ITEMS_MAX = 100;
export const INVOICE_NUMBER_MAX = 40;
/** Largest budget, rate or amount in currency units: sums of cents stay exact in a double. */
export const DOCUMENT_MONEY_MAX = 1_000_000_000;
export const RATE_MAX = 1_000_000;
export const QUANTITY_MAX = 10_000;
export const SPLIT_PEOPLE_MAX = 30;
/** Shares are kept in hundredths of a percent: 100 % = 10,000. */
export const FULL_SHARE = 10_000;

/** Control characters become spaces in one-line fields. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, ' ');
/** Multi-line text keeps line breaks and tabs, nothing else of the control range. */
const multiLine = (value: string) => value.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '');

const requiredLine = (label: string, max: number, requiredMessage = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`,
    })
    .overwrite(oneLine)
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank or null is stored as ''. */
const optionalLine = (label: string, max: number) =>
  z
    .union([text(label), z.null()])
    .transform((v) => (v === null ? '' : oneLine(v).trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .default('');

const optionalClause = (label: string, max = CLAUSE_MAX) =>
  z
    .union([text(label), z.null()])
    .transform((v) => (v === null ? '' : multiLine(v).trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .default('');

const requiredEmail = (label: string, requiredMessage = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`,
    })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, `${label} must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email(`${label} must be a valid email address`));

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const number = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be a finite number`,
  });

/** An amount in currency units with at most two decimals, from `min`, at most `max`. */
const money = (label: string, max: number, minMessage = `${label} can't be negative`) =>
  number(label)
    .min(0, minMessage)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimal places`);

/** A percentage from 0 to 100 with at most two decimals (hundredths of a percent). */
const percent = (label: string) =>
  number(label)
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimal places`);

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

/** Text rows of a list field: trimmed, blank rows dropped, bounded. */
const rows = (label: string, what: string) =>
  z
    .array(
      z
        .string({ error: `Each ${what} must be text` })
        .overwrite(oneLine)
        .trim()
        .max(SHORT_TEXT_MAX, `Each ${what} must be at most ${SHORT_TEXT_MAX} characters`),
      { error: `${label} must be a list` },
    )
    .max(LIST_ROWS_MAX, `${label} can have at most ${LIST_ROWS_MAX} rows`)
    .transform((list) => list.filter((v) => v !== ''))
    .default([]);

export const ContractDetailsSchema = z.strictObject(
  {
    projectTitle: requiredLine('Project title', SHORT_TEXT_MAX),
    deliverables: rows('Deliverables', 'deliverable'),
    timeline: optionalLine('Timeline', SHORT_TEXT_MAX),
    budget: number('Budget')
      .gt(0, 'Budget must be greater than 0')
      .max(DOCUMENT_MONEY_MAX, `Budget must be at most ${DOCUMENT_MONEY_MAX.toLocaleString('en-US')}`)
      .refine(hasAtMostTwoDecimals, 'Budget can have at most two decimal places'),
    paymentTerms: optionalClause('Payment terms', NOTES_MAX),
    revisions: number('Revisions')
      .int('Revisions must be a whole number')
      .min(0, "Revisions can't be negative")
      .max(100, 'Revisions must be at most 100')
      .default(DEFAULT_REVISIONS),
    rights: optionalClause('Rights'),
    cancellationTerms: optionalClause('Cancellation terms'),
  },
  { error: 'Contract details are required for a contract' },
);
export type ContractDetailsInput = z.input<typeof ContractDetailsSchema>;

export const InvoiceItemSchema = z.strictObject({
  description: requiredLine('Item description', SHORT_TEXT_MAX),
  quantity: number('Quantity')
    .min(0, "Quantity can't be negative")
    .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, 'Quantity can have at most two decimal places'),
  rate: money('Rate', RATE_MAX),
  /** Sent by the form for display; the server computes it again (quantity × rate). */
  amount: z.number().optional(),
});

const CalendarDateSchema = (label: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);

export const InvoiceDetailsSchema = z
  .strictObject(
    {
      invoiceNumber: requiredLine('Invoice number', INVOICE_NUMBER_MAX),
      items: z
        .array(InvoiceItemSchema, { error: 'Items must be a list' })
        .min(1, 'Add at least one item')
        .max(INVOICE_ITEMS_MAX, `An invoice can have at most ${INVOICE_ITEMS_MAX} items`),
      /** Percent of the subtotal, three decimals (8.875 %); when given it decides the tax amount. */
      taxRate: number('Tax rate')
        .min(0, 'Tax rate must be between 0 and 100')
        .max(100, 'Tax rate must be between 0 and 100')
        .refine(
          (n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6,
          'Tax rate can have at most three decimal places',
        )
        .optional(),
      /** Tax as an amount (SPEC: total = subtotal + tax); at most the subtotal. Ignored when taxRate is given. */
      tax: money('Tax', DOCUMENT_MONEY_MAX).optional(),
      /** Sent by the form for display; never trusted. */
      subtotal: z.number().optional(),
      total: z.number().optional(),
      dueDate: CalendarDateSchema('Due date', 'Due date is required'),
      paymentTerms: optionalLine('Payment terms', SHORT_TEXT_MAX).transform(
        (v) => v || DEFAULT_PAYMENT_TERMS,
      ),
      notes: optionalClause('Notes', NOTES_MAX),
    },
    { error: 'Invoice details are required for an invoice' },
  )
  .superRefine((d, ctx) => {
    // zod runs this refinement even when an item failed its own checks: compare only valid figures.
    if (d.taxRate !== undefined || d.tax === undefined || !d.items.every(isBillable)) return;
    const { subtotal } = invoiceTotalsCents(d.items, {});
    if (toCentsExact(d.tax) > subtotal)
      ctx.addIssue({ code: 'custom', path: ['tax'], message: "Tax can't be more than 100% of the subtotal" });
  });
export type InvoiceDetailsInput = z.input<typeof InvoiceDetailsSchema>;

const responsibilityList = (label: string) => rows(label, 'responsibility');

export const AgreementDetailsSchema = z.strictObject(
  {
    collaborationType: optionalLine('Collaboration type', SHORT_TEXT_MAX),
    revenueShare: z
      .strictObject({
        primaryPercentage: percent('Primary percentage').default(DEFAULT_REVENUE_SHARE),
        /** Always 100 − primary; a different value sent is replaced. */
        secondaryPercentage: z.number().optional(),
      })
      .default({ primaryPercentage: DEFAULT_REVENUE_SHARE }),
    responsibilities: z
      .strictObject({
        primary: responsibilityList('Primary responsibilities'),
        secondary: responsibilityList('Secondary responsibilities'),
      })
      .default({ primary: [], secondary: [] }),
    exclusivity: z.boolean({ error: 'Exclusivity must be true or false' }).default(false),
    duration: optionalLine('Duration', SHORT_TEXT_MAX),
    terminationClause: optionalClause('Termination clause'),
  },
  { error: 'Agreement details are required for an agreement' },
);
export type AgreementDetailsInput = z.input<typeof AgreementDetailsSchema>;

const ShareSchema = number('Share')
  .gt(0, 'Share must be more than 0')
  .max(100, 'Share must be at most 100')
  .refine(hasAtMostTwoDecimals, 'Share can have at most two decimal places (hundredths of a percent)');

const IpiSchema = z
  .union([text('IPI'), z.null()])
  .transform((v) => (v === null ? '' : v.replace(/\s+/g, '')))
  .refine((v) => v === '' || /^\d{9,11}$/.test(v), 'IPI must be 9 to 11 digits')
  .default('');

const splitPerson = (kind: 'Writer' | 'Publisher') =>
  z.strictObject({
    name: requiredLine(`${kind} name`, PARTY_NAME_MAX),
    email: requiredEmail(`${kind} email`),
    role: optionalLine(`${kind} role`, 60),
    pro: optionalLine('PRO', 40),
    ipi: IpiSchema,
    share: ShareSchema,
  });

export const SplitSheetDetailsSchema = z
  .strictObject(
    {
      songTitle: requiredLine('Song title', SHORT_TEXT_MAX),
      writers: z
        .array(splitPerson('Writer'), { error: 'Writers must be a list' })
        .min(1, 'Add at least one writer')
        .max(SPLIT_PEOPLE_MAX, `A split sheet can list at most ${SPLIT_PEOPLE_MAX} writers`),
      publishers: z
        .array(splitPerson('Publisher'), { error: 'Publishers must be a list' })
        .max(SPLIT_PEOPLE_MAX, `A split sheet can list at most ${SPLIT_PEOPLE_MAX} publishers`)
        .default([]),
    },
    { error: 'Split sheet details are required for a split sheet' },
  )
  .superRefine((d, ctx) => {
    // zod runs this even when a person failed their own checks: total only shares that are valid.
    const valid = (people: unknown) =>
      Array.isArray(people) &&
      people.every(
        (p) => typeof p?.share === 'number' && Number.isFinite(p.share) && p.share > 0 && p.share <= 100,
      );
    if (!valid(d.writers) || !valid(d.publishers)) return;
    for (const [key, label, people] of [
      ['writers', 'Writer', d.writers],
      ['publishers', 'Publisher', d.publishers],
    ] as const) {
      if (people.length === 0) continue;
      const total = people.reduce((sum, p) => sum + toShareUnits(p.share), 0);
      if (total !== FULL_SHARE)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${label} shares must total exactly 100% (now ${formatShare(total)}%)`,
        });
    }
    const emails = [...d.writers, ...d.publishers].map((p) => p.email);
    if (new Set(emails).size < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['writers'],
        message: 'A split sheet needs at least two people with different emails',
      });
  });
export type SplitSheetDetailsInput = z.input<typeof SplitSheetDetailsSchema>;

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

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// ---- Money and shares, in integers ----

/** Currency units (two decimals at most) to integer cents. */
export const toCentsExact = (amount: number) => Math.round(amount * 100);
/** A percentage (two decimals at most) to hundredths of a percent. */
export const toShareUnits = (percentage: number) => Math.round(percentage * 100);
export const formatShare = (units: number) => (units / 100).toFixed(2).replace(/\.?0+$/, '');

/** An item figure the arithmetic can take: finite, not negative, within the bounds the schema enforces. */
function isBillable(item: { quantity: number; rate: number }): boolean {
  const ok = (n: number, max: number) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= max;
  return ok(item.quantity, QUANTITY_MAX) && ok(item.rate, RATE_MAX);
}

export interface InvoiceTotalsCents {
  amounts: number[];
  subtotal: number;
  tax: number;
  total: number;
}

/**
 * SPEC §4 Invoice totals, in integer cents: amount = quantity × rate (half up), subtotal = Σ amounts,
 * tax = subtotal × rate (thousandths of a percent, half up) when a tax rate is given, else the tax amount; total = subtotal + tax.
 */
export function invoiceTotalsCents(
  items: ReadonlyArray<{ quantity: number; rate: number }>,
  tax: { taxRate?: number; tax?: number },
): InvoiceTotalsCents {
  const amounts = items.map((item) => {
    // The form calls this on every keystroke: a figure out of bounds (refused on submit) counts as nothing.
    if (!isBillable(item)) return 0;
    const hundredths = BigInt(Math.round(item.quantity * 100));
    const rateCents = BigInt(Math.round(item.rate * 100));
    return Number((hundredths * rateCents + 50n) / 100n);
  });
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  const taxCents =
    tax.taxRate !== undefined
      ? Number((BigInt(subtotal) * BigInt(Math.round(tax.taxRate * 1000)) + 50_000n) / 100_000n)
      : toCentsExact(tax.tax ?? 0);
  return { amounts, subtotal, tax: taxCents, total: subtotal + taxCents };
}

/** The same figures in currency units, for the form's live totals. */
export function invoiceTotals(
  items: ReadonlyArray<{ quantity: number; rate: number }>,
  tax: { taxRate?: number; tax?: number },
) {
  const c = invoiceTotalsCents(items, tax);
  return {
    amounts: c.amounts.map(fromCents),
    subtotal: fromCents(c.subtotal),
    tax: fromCents(c.tax),
    total: fromCents(c.total),
  };
}

/** SPEC §4 Agreement revenue share: the secondary is always 100 − primary (in hundredths, exact). */
export const secondaryShare = (primaryPercentage: number) =>
  (FULL_SHARE - toShareUnits(primaryPercentage)) / 100;

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** '$1,088.07': one formatter per currency, made once (building one costs more than formatting). */
export function formatMoney(amount: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}
