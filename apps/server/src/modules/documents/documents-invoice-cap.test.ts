// An invoice's lines and total are capped as a budget is (DOCUMENT_MONEY_MAX, $1,000,000,000): exactly at
// the cap is accepted and printed whole; a cent or a dollar over gets a 400 naming the figure, and nothing is
// stored. Every figure below is worked out by hand in its comment.
import { DOCUMENT_MONEY_MAX } from '@mixdesk/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, downloadVia, generateVia, payloads, request } from './documents-testing.ts';
import { pdfReader } from './pdf/pdf-testing.ts';

let t: TestApp;
let owner: SignedIn;
const reader = pdfReader();
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Big Spender' });
});
afterAll(async () => {
  reader.cleanup();
  await t.close();
});

type Line = { quantity: number; rate: number };
const invoice = (items: Line[], tax: { taxRate?: number; tax?: number } = { taxRate: 0 }) => {
  const body = payloads.invoice();
  const { taxRate: _, ...rest } = body.invoiceDetails;
  return {
    ...body,
    invoiceDetails: {
      ...rest,
      ...tax,
      items: items.map((item, i) => ({ description: `Line ${i + 1}`, ...item })),
    },
  };
};

/** 400 VALIDATION_ERROR with exactly these field errors, and nothing stored. */
async function expectRefused(
  body: Record<string, unknown>,
  details: Array<{ path: string; message: string }>,
) {
  const before = await documentsSnapshot(t.app);
  const res = await request(t.app, 'POST', '/api/documents/generate', owner, body);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    message: details[0]!.message,
    error: { code: 'VALIDATION_ERROR', details },
  });
  expect(await documentsSnapshot(t.app)).toEqual(before);
}

/** The stored PDF read back; each figure whole on one line in -layout and -raw. */
async function expectPrintedWhole(id: string, figures: string[]) {
  const read = reader.read(await downloadVia(t.app, owner, id));
  for (const figure of figures) {
    expect(read.text, `${figure} in -layout`).toContain(figure);
    expect(read.raw, `${figure} in -raw`).toContain(figure);
  }
  return read;
}

describe('an invoice line is capped at the budget cap', () => {
  it('is the same cap as a budget: 1,000,000,000', () => {
    expect(DOCUMENT_MONEY_MAX).toBe(1_000_000_000);
  });

  it('10,000 × $100,000.00 = $1,000,000,000.00 exactly: accepted, stored and printed whole', async () => {
    const doc = await generateVia(t.app, owner, invoice([{ quantity: 10_000, rate: 100_000 }]));
    expect(doc.invoiceDetails).toMatchObject({
      items: [{ quantity: 10_000, rate: 100_000, amount: 1_000_000_000 }],
      subtotal: 1_000_000_000,
      tax: 0,
      total: 1_000_000_000,
    });
    const read = await expectPrintedWhole(doc._id, ['10,000', '$100,000.00', '$1,000,000,000.00']);
    expect(read.text).toMatch(/Line 1\s+10,000\s+\$100,000\.00\s+\$1,000,000,000\.00/);
    expect(read.text).toMatch(/Total\s+\$1,000,000,000\.00/);
  });

  it('9,905.06 × $100,958.50 = $1,000,000,000.01, one cent over: refused at the item’s rate', async () => {
    // 9,905.06 × 100,000 = 990,506,000; 9,905.06 × 958.50 = 9,494,000.01; together 1,000,000,000.01.
    await expectRefused(invoice([{ quantity: 9905.06, rate: 100_958.5 }]), [
      {
        path: 'invoiceDetails.items.0.rate',
        message: 'Item 1 comes to 1,000,000,000.01 (quantity × rate); an item can be at most 1,000,000,000',
      },
      {
        path: 'invoiceDetails.total',
        message: 'The invoice total comes to 1,000,000,000.01; it can be at most 1,000,000,000',
      },
    ]);
  });

  it('9,990.01 × $100,100.00 = $1,000,000,001.00, the cap + 1: refused, naming the second item', async () => {
    // 9,990.01 × 100,000 = 999,001,000; 9,990.01 × 100 = 999,001; together 1,000,000,001.
    await expectRefused(
      invoice([
        { quantity: 1, rate: 0 },
        { quantity: 9990.01, rate: 100_100 },
      ]),
      [
        {
          path: 'invoiceDetails.items.1.rate',
          message: 'Item 2 comes to 1,000,000,001.00 (quantity × rate); an item can be at most 1,000,000,000',
        },
        {
          path: 'invoiceDetails.total',
          message: 'The invoice total comes to 1,000,000,001.00; it can be at most 1,000,000,000',
        },
      ],
    );
  });

  it('the largest quantity times the largest rate, 9,999.99 × $999,999.99 = $9,999,989,900.00: refused', async () => {
    // 9,999.99 × 999,999.99 = 9,999,989,900.0001, which rounds to 9,999,989,900.00.
    await expectRefused(invoice([{ quantity: 9999.99, rate: 999_999.99 }]), [
      {
        path: 'invoiceDetails.items.0.rate',
        message: 'Item 1 comes to 9,999,989,900.00 (quantity × rate); an item can be at most 1,000,000,000',
      },
      {
        path: 'invoiceDetails.total',
        message: 'The invoice total comes to 9,999,989,900.00; it can be at most 1,000,000,000',
      },
    ]);
  });
});

describe('an invoice total is capped at the budget cap', () => {
  it('9,999.99 × $100,000.00 plus $1,000.00 of tax = $1,000,000,000.00 exactly: accepted and printed whole', async () => {
    // 9,999.99 × 100,000 = 999,999,000; + 1,000 tax = 1,000,000,000.
    const doc = await generateVia(
      t.app,
      owner,
      invoice([{ quantity: 9999.99, rate: 100_000 }], { tax: 1000 }),
    );
    expect(doc.invoiceDetails).toMatchObject({ subtotal: 999_999_000, tax: 1000, total: 1_000_000_000 });
    const read = await expectPrintedWhole(doc._id, [
      '9,999.99',
      '$100,000.00',
      '$999,999,000.00',
      '$1,000.00',
      '$1,000,000,000.00',
    ]);
    expect(read.text).toMatch(/Line 1\s+9,999\.99\s+\$100,000\.00\s+\$999,999,000\.00/);
    expect(read.text).toMatch(/Amount due\s+\$1,000,000,000\.00/);
  });

  it('the same with $1,000.01 of tax, one cent over: refused at the total, the item being within the cap', async () => {
    await expectRefused(invoice([{ quantity: 9999.99, rate: 100_000 }], { tax: 1000.01 }), [
      {
        path: 'invoiceDetails.total',
        message: 'The invoice total comes to 1,000,000,000.01; it can be at most 1,000,000,000',
      },
    ]);
  });

  it('two lines at the cap and $1 (the cap + 1 together): refused at the total', async () => {
    await expectRefused(
      invoice([
        { quantity: 1000, rate: 1_000_000 },
        { quantity: 1, rate: 1 },
      ]),
      [
        {
          path: 'invoiceDetails.total',
          message: 'The invoice total comes to 1,000,000,001.00; it can be at most 1,000,000,000',
        },
      ],
    );
  });

  it('a tax rate that lifts the total over the cap: $999,999,000.00 at 0.1 % is refused', async () => {
    // 99,999,900,000 cents × 0.1 % = 99,999,900 cents (tax $999,999.00): total 100,099,899,900 cents.
    await expectRefused(invoice([{ quantity: 9999.99, rate: 100_000 }], { taxRate: 0.1 }), [
      {
        path: 'invoiceDetails.total',
        message: 'The invoice total comes to 1,000,998,999.00; it can be at most 1,000,000,000',
      },
    ]);
  });

  it('an edit over the cap is refused and the document keeps what it had', async () => {
    const doc = await generateVia(t.app, owner, invoice([{ quantity: 2, rate: 50 }]));
    const before = await documentsSnapshot(t.app);
    const res = await request(
      t.app,
      'PUT',
      `/api/documents/${doc._id}`,
      owner,
      invoice([{ quantity: 9990.01, rate: 100_100 }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Item 1 comes to 1,000,000,001.00 (quantity × rate); an item can be at most 1,000,000,000',
    });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });
});
