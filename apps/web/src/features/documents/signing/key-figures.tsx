// The few figures a signer checks before signing, by type: a contract's budget and timeline, an invoice's
// total and due date, an agreement's shares, a split sheet's shares. The PDF beside it says everything else.

import { formatMoney } from '@mixdesk/contract/documents';
import type { SigningView } from '@mixdesk/contract/signing';
import { Bullets, DetailsSection, type Fact, Facts } from '../details/facts';
import { formatCalendarDate, formatPercent } from '../document-labels';

type Doc = SigningView['document'];

function factsOf(doc: Doc): Fact[] {
  const { contractDetails: c, invoiceDetails: i, agreementDetails: a, splitSheetDetails: s } = doc;
  if (c)
    return [
      { label: 'Project', value: c.projectTitle },
      { label: 'Budget', value: formatMoney(c.budget) },
      { label: 'Timeline', value: c.timeline },
      { label: 'Revisions', value: String(c.revisions) },
      {
        label: 'Deliverables',
        value: c.deliverables.length ? <Bullets items={c.deliverables} /> : '',
        wide: true,
      },
    ];
  if (i)
    return [
      { label: 'Invoice number', value: i.invoiceNumber },
      { label: 'Total', value: <span className="font-mono font-semibold">{formatMoney(i.total)}</span> },
      { label: 'Due date', value: formatCalendarDate(i.dueDate) },
      { label: 'Payment terms', value: i.paymentTerms },
    ];
  if (a)
    return [
      { label: 'Collaboration', value: a.collaborationType },
      { label: 'Duration', value: a.duration },
      {
        label: `${doc.parties.primary.name}'s share`,
        value: formatPercent(a.revenueShare.primaryPercentage),
      },
      {
        label: `${doc.parties.secondary.name}'s share`,
        value: formatPercent(a.revenueShare.secondaryPercentage),
      },
      { label: 'Exclusive', value: a.exclusivity ? 'Yes' : 'No' },
    ];
  if (s) {
    const shares = (people: typeof s.writers) => people.map((p) => `${p.name}: ${formatPercent(p.share)}`);
    return [
      { label: 'Song', value: s.songTitle, wide: true },
      { label: 'Writers', value: s.writers.length ? <Bullets items={shares(s.writers)} /> : '', wide: true },
      {
        label: 'Publishers',
        value: s.publishers.length ? <Bullets items={shares(s.publishers)} /> : '',
        wide: true,
      },
    ];
  }
  return [];
}

export function KeyFigures({ document: doc }: { document: Doc }) {
  const facts = factsOf(doc);
  if (facts.length === 0) return null;
  return (
    <DetailsSection title="Key terms">
      <Facts facts={facts} />
    </DetailsSection>
  );
}
