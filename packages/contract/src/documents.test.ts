import { describe, expect, it } from 'vitest';
import {
  GenerateDocumentSchema,
  InvoiceDetailsSchema,
  invoiceTotals,
  invoiceTotalsCents,
  secondaryShare,
} from './documents.ts';

describe('invoice totals (SPEC §4), in cents', () => {
  it('rounds each amount half up, sums, and adds tax from a rate with three decimals', () => {
    // 7.5 × 85.25 = 639.375 → 639.38; 3 × 120 = 360; 8.875 % of 999.38 = 88.694975 → 88.69.
    expect(
      invoiceTotalsCents(
        [
          { quantity: 7.5, rate: 85.25 },
          { quantity: 3, rate: 120 },
        ],
        { taxRate: 8.875 },
      ),
    ).toEqual({
      amounts: [63938, 36000],
      subtotal: 99938,
      tax: 8869,
      total: 108807,
    });
  });

  it('stays exact where floating point would not (0.1 × 3, 1.005)', () => {
    expect(invoiceTotals([{ quantity: 3, rate: 0.1 }], {})).toMatchObject({
      amounts: [0.3],
      subtotal: 0.3,
      total: 0.3,
    });
    expect(invoiceTotals([{ quantity: 0.5, rate: 2.01 }], { tax: 1.005 - 0.005 })).toMatchObject({
      amounts: [1.01],
      total: 2.01,
    });
  });

  it('takes a tax amount when no rate is given, and the rate when both are', () => {
    expect(invoiceTotals([{ quantity: 1, rate: 100 }], { tax: 7.5 }).total).toBe(107.5);
    expect(invoiceTotals([{ quantity: 1, rate: 100 }], { tax: 7.5, taxRate: 10 }).total).toBe(110);
  });

  it('never throws on figures the schema refuses (the form computes while a person types)', () => {
    const items = [
      { quantity: Number.POSITIVE_INFINITY, rate: 1 },
      { quantity: -1.797693134862316e306, rate: 0 },
      { quantity: 2, rate: Number.NaN },
      { quantity: 2, rate: 10 },
    ];
    expect(invoiceTotals(items, { taxRate: 10 })).toMatchObject({
      amounts: [0, 0, 0, 20],
      subtotal: 20,
      total: 22,
    });
  });

  it('keeps the largest invoice exact', () => {
    const items = Array.from({ length: 100 }, () => ({ quantity: 10_000, rate: 999_999.99 }));
    const t = invoiceTotalsCents(items, { taxRate: 99.999 });
    expect(t.subtotal).toBe(100 * 999_999_990_000);
    expect(Number.isSafeInteger(t.total)).toBe(true);
  });
});

describe('agreement revenue share (SPEC §4)', () => {
  it('is always 100 minus the primary, to the hundredth', () => {
    expect(secondaryShare(50)).toBe(50);
    expect(secondaryShare(62.5)).toBe(37.5);
    expect(secondaryShare(33.33)).toBe(66.67);
    expect(secondaryShare(0)).toBe(100);
  });
});

describe('the generation payload', () => {
  it('fills SPEC defaults: revisions 3, payment terms Net 30, 50/50', () => {
    const parties = {
      primary: { name: 'A', email: 'a@example.com' },
      secondary: { name: 'B', email: 'b@example.com' },
    };
    const contract = GenerateDocumentSchema.parse({
      templateName: 'producer-contract',
      parties,
      contractDetails: { projectTitle: 'EP', budget: 10 },
    });
    expect(contract.contractDetails?.revisions).toBe(3);
    const invoice = GenerateDocumentSchema.parse({
      templateName: 'studio-session-invoice',
      parties,
      invoiceDetails: {
        invoiceNumber: '1',
        items: [{ description: 'x', quantity: 1, rate: 1 }],
        dueDate: '2030-01-01',
      },
    });
    expect(invoice.invoiceDetails?.paymentTerms).toBe('Net 30');
    const agreement = GenerateDocumentSchema.parse({
      templateName: 'collaboration-agreement',
      parties,
      agreementDetails: {},
    });
    expect(agreement.agreementDetails?.revenueShare.primaryPercentage).toBe(50);
  });
});

describe('the invoice cap (the budget cap, 1,000,000,000)', () => {
  const details = (items: Array<{ quantity: number; rate: number }>, tax: Record<string, number> = {}) =>
    InvoiceDetailsSchema.safeParse({
      invoiceNumber: 'INV-1',
      items: items.map((item) => ({ description: 'x', ...item })),
      dueDate: '2030-01-01',
      ...tax,
    });
  const messages = (result: ReturnType<typeof details>) =>
    result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('takes a line of exactly 1,000,000,000 and refuses one a cent over, at the item and the total', () => {
    expect(details([{ quantity: 10_000, rate: 100_000 }]).success).toBe(true);
    // 9,905.06 × 100,958.50 = 1,000,000,000.01
    expect(messages(details([{ quantity: 9905.06, rate: 100_958.5 }]))).toEqual([
      'items.0.rate: Item 1 comes to 1,000,000,000.01 (quantity × rate); an item can be at most 1,000,000,000',
      'total: The invoice total comes to 1,000,000,000.01; it can be at most 1,000,000,000',
    ]);
  });

  it('a tax rate out of bounds gets its own message and no total is worked out from it', () => {
    // 1.8e305 × 1000 is Infinity: no arithmetic may run on it (BigInt would throw).
    const found = messages(details([{ quantity: 1, rate: 1 }], { taxRate: 1.8e305 }));
    expect(found).toContain('taxRate: Tax rate must be between 0 and 100');
    expect(found.filter((m) => !m.startsWith('taxRate:'))).toEqual([]);
  });
});
