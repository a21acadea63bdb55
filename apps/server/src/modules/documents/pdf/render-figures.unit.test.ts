// Figures at their extremes read back with poppler: an amount, a quantity or a rate is never broken across
// lines, in the invoice's table, its totals or a table too narrow for its figures. pdftotext must show each
// one whole on one line, in -layout and in -raw mode.
import { invoiceTotals } from '@mixdesk/contract/documents';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceFixture } from './fixtures.ts';
import { registerFonts } from './fonts.ts';
import { fitOnOneLine, MARGINS, PAGE_SIZE, STYLE, widthOf } from './layout.ts';
import { pdfReader } from './pdf-testing.ts';
import { type RenderableDocument, renderDocumentPdf } from './render-document.ts';
import { table } from './table.ts';

const reader = pdfReader();
afterAll(() => reader.cleanup());

function invoiceOf(items: Array<{ description: string; quantity: number; rate: number }>, taxRate: number) {
  const doc: RenderableDocument = invoiceFixture();
  const totals = invoiceTotals(items, { taxRate });
  doc.invoiceDetails = {
    ...doc.invoiceDetails!,
    items: items.map((item, i) => ({ ...item, amount: totals.amounts[i]! })),
    subtotal: totals.subtotal,
    taxRate,
    tax: totals.tax,
    total: totals.total,
  };
  return doc;
}

/** Each figure appears, whole, on one line of both readings. */
function expectWhole(read: { text: string; raw: string }, figures: readonly string[]): void {
  for (const figure of figures) {
    expect(read.text, `${figure} in -layout`).toContain(figure);
    expect(read.raw, `${figure} in -raw`).toContain(figure);
  }
}

describe('figures at their largest', () => {
  it('9,999.99 × $999,999.99 prints its quantity, rate and amount ($9,999,989,900.00) whole', async () => {
    // 9,999.99 × 999,999.99 = 9,999,989,900.0001: the amount is $9,999,989,900.00 to the cent.
    const doc = invoiceOf([{ description: 'Catalogue mastering', quantity: 9999.99, rate: 999999.99 }], 0);
    const read = reader.read(await renderDocumentPdf(doc));
    expectWhole(read, ['9,999.99', '$999,999.99', '$9,999,989,900.00']);
    expect(read.text).toMatch(/Catalogue mastering\s+9,999\.99\s+\$999,999\.99\s+\$9,999,989,900\.00/);
    expect(read.text).toMatch(/Total\s+\$9,999,989,900\.00/);
    expect(read.text).toMatch(/Amount due\s+\$9,999,989,900\.00/);
  });

  it('the largest invoice the API accepts ($1,000,000,000.00 on one line and in total) prints every figure whole', async () => {
    const doc = invoiceOf(
      [
        { description: 'Rights buy-out', quantity: 10000, rate: 100000 },
        { description: 'Studio time', quantity: 1000, rate: 1000000 },
      ],
      0,
    );
    const read = reader.read(await renderDocumentPdf(doc));
    expectWhole(read, ['10,000', '$100,000.00', '1,000', '$1,000,000.00', '$1,000,000,000.00']);
    expect(read.text).toMatch(/Rights buy-out\s+10,000\s+\$100,000\.00\s+\$1,000,000,000\.00/);
    expect(read.text).toMatch(/Studio time\s+1,000\s+\$1,000,000\.00\s+\$1,000,000,000\.00/);
  });

  it('totals of eleven digits with a 99.999 % tax stay whole beside their labels', async () => {
    // Two lines of $9,999,989,900.00: subtotal $19,999,979,800.00; tax at 99.999 % is
    // 1,999,997,980,000 cents × 99,999 / 100,000 = 1,999,977,980,020.2 cents → $19,999,779,800.20;
    // total $39,999,759,600.20.
    const line = { description: 'Catalogue mastering', quantity: 9999.99, rate: 999999.99 };
    const read = reader.read(await renderDocumentPdf(invoiceOf([line, line], 99.999)));
    expect(read.text).toMatch(/Subtotal\s+\$19,999,979,800\.00/);
    expect(read.text).toMatch(/Tax \(99\.999%\)\s+\$19,999,779,800\.20/);
    expect(read.text).toMatch(/Total\s+\$39,999,759,600\.20/);
    expectWhole(read, ['$19,999,979,800.00', '$19,999,779,800.20', '$39,999,759,600.20']);
  });

  it('a table too narrow for its figures sets them smaller rather than breaking them', async () => {
    const pdf = new PDFDocument({ size: PAGE_SIZE, margins: MARGINS });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
    registerFonts(pdf);
    // 150 points for four columns: the figures cannot all widen, the description gives half its width.
    table(
      pdf,
      [
        { header: 'Item', width: 0.4 },
        { header: 'Qty', width: 0.2, align: 'right', nowrap: true },
        { header: 'Amount', width: 0.4, align: 'right', nowrap: true },
      ],
      [['Mastering', '9,999.99', '$9,999,989,900.00']],
      { x: MARGINS.left, width: 150 },
      { total: ['Total', '', '$9,999,989,900.00'] },
    );
    pdf.end();
    const read = reader.read(await done);
    expectWhole(read, ['9,999.99', '$9,999,989,900.00']);
    expect(read.text.match(/\$9,999,989,900\.00/g)).toHaveLength(2);
  });

  it('an amount too wide for its room is set smaller until it fits, and one that fits is left alone', () => {
    const pdf = new PDFDocument({ size: PAGE_SIZE, margins: MARGINS });
    registerFonts(pdf);
    const amount = '$39,999,759,600.20';
    const fitted = fitOnOneLine(pdf, amount, STYLE.strong, 60);
    expect(widthOf(pdf, amount, STYLE.strong)).toBeGreaterThan(60);
    expect(fitted.size).toBeLessThan(STYLE.strong.size);
    expect(widthOf(pdf, amount, fitted)).toBeLessThanOrEqual(60);
    expect(fitOnOneLine(pdf, amount, STYLE.strong, 200)).toBe(STYLE.strong);
    pdf.end();
  });
});
