// Money and shares with awkward decimals, as named examples worked out by hand: the figures the API answers
// and the PDF prints must be exact (integer cents and hundredths of a percent, half up), not near.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  documentsSnapshot,
  downloadVia,
  generateVia,
  payloads,
  readPdf,
  request,
  squash,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Exact Owner' });
});
afterAll(async () => {
  await t.close();
});

const invoice = (items: Array<{ quantity: number; rate: number }>, taxRate: number) => {
  const body = payloads.invoice();
  return {
    ...body,
    invoiceDetails: {
      ...body.invoiceDetails,
      items: items.map((i, n) => ({ description: `Line ${n + 1}`, ...i })),
      taxRate,
    },
  };
};

const split = (shares: number[]) => {
  const body = payloads.splitSheet();
  const [first, second] = body.splitSheetDetails.writers;
  return {
    ...body,
    splitSheetDetails: {
      songTitle: 'Awkward Decimals',
      writers: [
        { ...first!, name: 'Writer One', role: 'Composer', pro: 'ASCAP', ipi: '', share: shares[0] },
        { ...second!, name: 'Writer Two', role: 'Lyricist', pro: 'BMI', ipi: '', share: shares[1] },
      ],
      publishers: [],
    },
  };
};

describe('invoice tax, half up at the half cent', () => {
  it('2.5 × $4.04 = $10.10 at 5 %: the tax is 50.5 cents exactly and rounds up to $0.51', async () => {
    // 250 hundredths × 404 cents = 101,000 → 1,010 cents; 1,010 × 5 % = 50.5 cents → 51 (half up, not to even).
    const doc = await generateVia(t.app, owner, invoice([{ quantity: 2.5, rate: 4.04 }], 5));
    expect(doc.invoiceDetails).toMatchObject({
      items: [{ amount: 10.1 }],
      subtotal: 10.1,
      taxRate: 5,
      tax: 0.51,
      total: 10.61,
    });
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    expect(flat).toContain('Subtotal $10.10');
    expect(flat).toContain('Tax (5%) $0.51');
    expect(flat).toContain('Total $10.61');
  });

  it('$600.01 at 9.999 %: the tax is 5,999.49999 cents, a hair under the half, and rounds down to $59.99', async () => {
    // 60,001 cents × 9,999 thousandths of a percent = 599,949,999 / 100,000 = 5,999.49999 cents → 5,999.
    const doc = await generateVia(t.app, owner, invoice([{ quantity: 1, rate: 600.01 }], 9.999));
    expect(doc.invoiceDetails).toMatchObject({ subtotal: 600.01, taxRate: 9.999, tax: 59.99, total: 660 });
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    expect(flat).toContain('Subtotal $600.01');
    // The rate is printed as applied (it read "10%" before: rounded to two decimals).
    expect(flat).toContain('Tax (9.999%) $59.99');
    expect(flat).toContain('Total $660.00');
  });

  it('each item amount rounds half up on its own before the sum: 0.5 × $0.01 and 1.5 × $0.03', async () => {
    // 50 hundredths × 1 cent = 0.5 cent → 1; 150 × 3 = 4.5 cents → 5; subtotal 6 cents; 8.875 % of 6 cents
    // = 0.5325 cent → 1 cent. Summing first would give 0.5 + 4.5 = 5 cents.
    const doc = await generateVia(
      t.app,
      owner,
      invoice(
        [
          { quantity: 0.5, rate: 0.01 },
          { quantity: 1.5, rate: 0.03 },
        ],
        8.875,
      ),
    );
    expect(doc.invoiceDetails).toMatchObject({
      items: [{ amount: 0.01 }, { amount: 0.05 }],
      subtotal: 0.06,
      tax: 0.01,
      total: 0.07,
    });
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    expect(flat).toContain('Tax (8.875%) $0.01');
    expect(flat).toContain('Total $0.07');
  });
});

describe('split sheet shares in hundredths of a percent', () => {
  it('8.04 % and 91.96 % total exactly 100 %: accepted, stored and printed as given', async () => {
    const doc = await generateVia(t.app, owner, split([8.04, 91.96]));
    expect(doc.splitSheetDetails?.writers.map((w) => w.share)).toEqual([8.04, 91.96]);
    const flat = squash(readPdf(await downloadVia(t.app, owner, doc._id)).text);
    expect(flat).toContain('Writer One Composer ASCAP — 8.04%');
    expect(flat).toContain('Writer Two Lyricist BMI — 91.96%');
    expect(flat).toContain('Total 100%');
  });

  it('8.04 % and 91.95 % total 99.99 %: refused, naming the total, and nothing is stored', async () => {
    const before = await documentsSnapshot(t.app);
    const res = await request(t.app, 'POST', '/api/documents/generate', owner, split([8.04, 91.95]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      path: 'splitSheetDetails.writers',
      message: 'Writer shares must total exactly 100% (now 99.99%)',
    });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('0.29 %, 0.57 % and 99.14 % (each off in binary) total exactly 100 %', async () => {
    const body = split([0.29, 0.57]);
    const third = {
      ...body.splitSheetDetails.writers[1]!,
      name: 'Writer Three',
      email: 'w3.awkward@example.com',
    };
    body.splitSheetDetails.writers.push({ ...third, share: 99.14 });
    const doc = await generateVia(t.app, owner, body);
    expect(doc.splitSheetDetails?.writers.map((w) => w.share)).toEqual([0.29, 0.57, 99.14]);
    expect(squash(readPdf(await downloadVia(t.app, owner, doc._id)).text)).toContain('Total 100%');
  });
});
