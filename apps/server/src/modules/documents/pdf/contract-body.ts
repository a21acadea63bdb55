// The producer contract: a short preamble, then the terms as numbered clauses.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { formatMoney } from '@mixdesk/contract/documents';
import { clauses, list, textBody } from './blocks.ts';
import { formatLongDate, revisionsText } from './format.ts';
import { contentBox, type Doc, gap, STYLE, write } from './layout.ts';

type ContractDetails = NonNullable<DocumentView['contractDetails']>;

export function contractBody(
  doc: Doc,
  view: Pick<DocumentView, 'parties' | 'createdAt'>,
  details: ContractDetails,
): void {
  const { primary, secondary } = view.parties;
  gap(doc, 20);
  write(
    doc,
    `This contract is made on ${formatLongDate(view.createdAt)} between ${primary.name} (the primary party) and ` +
      `${secondary.name} (the secondary party), who agree to the following terms.`,
    STYLE.body,
    contentBox(doc),
  );
  clauses(doc, [
    ['Project', textBody(doc, details.projectTitle)],
    [
      'Deliverables',
      details.deliverables.length === 0 ? null : (box) => list(doc, details.deliverables, box, 'numbered'),
    ],
    ['Timeline', textBody(doc, details.timeline)],
    ['Budget', textBody(doc, formatMoney(details.budget))],
    ['Payment terms', textBody(doc, details.paymentTerms)],
    ['Revisions', textBody(doc, `${revisionsText(details.revisions)} are included.`)],
    ['Rights', textBody(doc, details.rights)],
    ['Cancellation', textBody(doc, details.cancellationTerms)],
  ]);
}
