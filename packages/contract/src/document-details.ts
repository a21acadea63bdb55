// The type-specific parts of a document payload (SPEC §3): contract, invoice and agreement details, and the
// split sheet's writers and publishers, with SPEC §5's messages and §9's defaults.
import { z } from 'zod';
import { text } from './auth.ts';
import {
  hasAtMostTwoDecimals,
  INVOICE_ITEMS_MAX,
  INVOICE_NUMBER_MAX,
  money,
  NOTES_MAX,
  number,
  optionalClause,
  optionalLine,
  PARTY_NAME_MAX,
  percent,
  requiredEmail,
  requiredLine,
  rows,
  SHORT_TEXT_MAX,
  SPLIT_PEOPLE_MAX,
} from './document-fields.ts';
import {
  DOCUMENT_MONEY_MAX,
  FULL_SHARE,
  formatShare,
  invoiceTotalsCents,
  isBillable,
  QUANTITY_MAX,
  RATE_MAX,
  toCentsExact,
  toShareUnits,
} from './document-money.ts';
import { isCalendarDate } from './projects.ts';

export const DEFAULT_REVISIONS = 3;

const DOCUMENT_MONEY_MAX_CENTS = DOCUMENT_MONEY_MAX * 100;
const MONEY_MAX_TEXT = DOCUMENT_MONEY_MAX.toLocaleString('en-US');
const FIGURE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Cents as the figure a message shows: "1,000,000,000.01". */
const figure = (cents: number) => FIGURE.format(cents / 100);
export const DEFAULT_PAYMENT_TERMS = 'Net 30';
export const DEFAULT_REVENUE_SHARE = 50;

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
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .meta({ format: 'date' });

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
    if (!d.items.every(isBillable)) return;
    const taxOk = d.tax === undefined || (Number.isFinite(d.tax) && d.tax >= 0);
    const rateOk =
      d.taxRate === undefined || (Number.isFinite(d.taxRate) && d.taxRate >= 0 && d.taxRate <= 100);
    // A tax or rate out of bounds has its own message; the total is then not worked out.
    const { amounts, subtotal, total } = invoiceTotalsCents(
      d.items,
      taxOk && rateOk ? { taxRate: d.taxRate, tax: d.tax } : {},
    );
    // A line and the total are capped as a budget is (DOCUMENT_MONEY_MAX): a quantity and a rate each
    // within bounds can still multiply past it.
    amounts.forEach((cents, i) => {
      if (cents > DOCUMENT_MONEY_MAX_CENTS)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'rate'],
          message: `Item ${i + 1} comes to ${figure(cents)} (quantity × rate); an item can be at most ${MONEY_MAX_TEXT}`,
        });
    });
    if (d.taxRate === undefined && d.tax !== undefined && taxOk && toCentsExact(d.tax) > subtotal)
      ctx.addIssue({ code: 'custom', path: ['tax'], message: "Tax can't be more than 100% of the subtotal" });
    if (taxOk && rateOk && total > DOCUMENT_MONEY_MAX_CENTS)
      ctx.addIssue({
        code: 'custom',
        path: ['total'],
        message: `The invoice total comes to ${figure(total)}; it can be at most ${MONEY_MAX_TEXT}`,
      });
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
