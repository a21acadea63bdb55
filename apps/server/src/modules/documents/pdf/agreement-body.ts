// The collaboration agreement: a short preamble, then the terms as numbered clauses.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { clauses, list, textBody } from './blocks.ts';
import { formatLongDate, formatPercent } from './format.ts';
import { type Box, contentBox, type Doc, gap, STYLE, write } from './layout.ts';

type AgreementDetails = NonNullable<DocumentView['agreementDetails']>;

function responsibilities(doc: Doc, view: Pick<DocumentView, 'parties'>, details: AgreementDetails) {
  const { primary, secondary } = details.responsibilities;
  if (primary.length === 0 && secondary.length === 0) return null;
  return (box: Box) => {
    for (const [party, items, role] of [
      [view.parties.primary, primary, 'primary party'],
      [view.parties.secondary, secondary, 'secondary party'],
    ] as const) {
      if (items.length === 0) continue;
      gap(doc, 4);
      write(doc, `${party.name} (${role})`, STYLE.strong, box);
      gap(doc, 2);
      list(doc, items, box, 'bullet');
    }
  };
}

export function agreementBody(
  doc: Doc,
  view: Pick<DocumentView, 'parties' | 'createdAt'>,
  details: AgreementDetails,
): void {
  const { primary, secondary } = view.parties;
  const share = details.revenueShare;
  gap(doc, 20);
  write(
    doc,
    `This agreement is made on ${formatLongDate(view.createdAt)} between ${primary.name} (the primary party) and ` +
      `${secondary.name} (the secondary party), who agree to collaborate on the following terms.`,
    STYLE.body,
    contentBox(doc),
  );
  clauses(doc, [
    ['Collaboration', textBody(doc, details.collaborationType)],
    [
      'Revenue share',
      (box) => {
        write(
          doc,
          `Primary: ${formatPercent(share.primaryPercentage)} / Secondary: ${formatPercent(share.secondaryPercentage)}`,
          STYLE.strong,
          box,
        );
        gap(doc, 4);
        list(
          doc,
          [
            `${primary.name} (primary party): ${formatPercent(share.primaryPercentage)}`,
            `${secondary.name} (secondary party): ${formatPercent(share.secondaryPercentage)}`,
          ],
          box,
          'bullet',
        );
      },
    ],
    ['Responsibilities', responsibilities(doc, view, details)],
    ['Exclusivity', textBody(doc, details.exclusivity ? 'Exclusive' : 'Non-exclusive')],
    ['Duration', textBody(doc, details.duration)],
    ['Termination', textBody(doc, details.terminationClause)],
  ]);
}
