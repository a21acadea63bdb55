// The studio session invoice: the items, the totals under them, then how and when to pay. Every amount is
// the server's; this file only prints them.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { formatMoney } from '@mixdesk/contract/documents';
import { heading, keyValues } from './blocks.ts';
import { formatLongDate, formatQuantity, formatTaxRate } from './format.ts';
import {
  type Box,
  COLOR,
  contentBox,
  type Doc,
  fitOnOneLine,
  measure,
  rule,
  STYLE,
  type TextStyle,
  write,
} from './layout.ts';
import { type Column, table } from './table.ts';

type InvoiceDetails = NonNullable<DocumentView['invoiceDetails']>;

/** The figures never wrap: at the largest amounts their columns widen into the description's (table.ts). */
const ITEM_COLUMNS: Column[] = [
  { header: 'Description', width: 0.5 },
  { header: 'Qty', width: 0.1, align: 'right', nowrap: true },
  { header: 'Rate', width: 0.2, align: 'right', nowrap: true },
  { header: 'Amount', width: 0.2, align: 'right', nowrap: true },
];

/** What the header shows beside the document number and date. */
export const invoiceFacts = (details: InvoiceDetails): Array<[string, string]> => [
  ['Invoice number', details.invoiceNumber],
  ['Due date', formatLongDate(details.dueDate)],
];

const TOTALS_TOP = 6;
const TOTALS_ROW_GAP = 4;
const TOTAL_STYLE: TextStyle = { ...STYLE.strong, size: 11 };

function totalsRows(details: InvoiceDetails): Array<[string, string, TextStyle]> {
  const taxLabel = details.taxRate === null ? 'Tax' : `Tax (${formatTaxRate(details.taxRate)})`;
  return [
    ['Subtotal', formatMoney(details.subtotal), STYLE.body],
    [taxLabel, formatMoney(details.tax), STYLE.body],
    ['Total', formatMoney(details.total), TOTAL_STYLE],
  ];
}

/** Subtotal, tax and total in the right half of `box`: label on the left, amount flush right. */
function totalsLayout(box: Box) {
  const area = { x: box.x + box.width * 0.5, width: box.width * 0.5 };
  return {
    area,
    label: { x: area.x + 6, width: area.width * 0.5 - 6 },
    value: { x: area.x + area.width * 0.4, width: area.width * 0.6 - 6 },
  };
}

function totalsHeight(doc: Doc, details: InvoiceDetails, box: Box): number {
  const { label } = totalsLayout(box);
  return totalsRows(details).reduce(
    (sum, [text, , style]) => sum + measure(doc, text, style, label) + TOTALS_ROW_GAP,
    TOTALS_TOP + TOTALS_ROW_GAP,
  );
}

function drawTotals(doc: Doc, details: InvoiceDetails, box: Box): void {
  const { area, label, value } = totalsLayout(box);
  doc.y += TOTALS_TOP;
  for (const [text, amount, style] of totalsRows(details)) {
    if (style === TOTAL_STYLE) {
      rule(doc, area, doc.y, COLOR.text, 0.9);
      doc.y += TOTALS_ROW_GAP;
    }
    const y = doc.y;
    write(doc, text, style, label, { y });
    // An amount is never broken: one too wide for the room is set smaller.
    write(doc, amount, fitOnOneLine(doc, amount, style, value.width), value, { y, align: 'right' });
    doc.y += TOTALS_ROW_GAP;
  }
}

export function invoiceBody(doc: Doc, details: InvoiceDetails): void {
  const box = contentBox(doc);
  heading(doc, 'Items');
  table(
    doc,
    ITEM_COLUMNS,
    details.items.map((item) => [
      item.description,
      formatQuantity(item.quantity),
      formatMoney(item.rate),
      formatMoney(item.amount),
    ]),
    box,
    { keepWithLast: totalsHeight(doc, details, box) },
  );
  drawTotals(doc, details, box);
  heading(doc, 'Payment');
  keyValues(
    doc,
    [
      ['Payment terms', details.paymentTerms],
      ['Due date', formatLongDate(details.dueDate)],
      ['Amount due', formatMoney(details.total)],
    ],
    box,
  );
  if (details.notes.trim() !== '') {
    heading(doc, 'Notes');
    write(doc, details.notes, STYLE.body, box);
  }
}
