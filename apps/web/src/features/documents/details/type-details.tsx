// What a document says, by type (SPEC §3): a contract's terms, an invoice's lines and totals, an agreement's
// shares and duties, a split sheet's writers and publishers. Amounts are formatted as money.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { formatMoney } from '@mixdesk/contract/documents';
import { formatCalendarDate, formatPercent, formatTaxRate } from '../document-labels';
import { Bullets, DetailsSection, Facts } from './facts';

/** The part of a document that says what it is about, by type. */
export type TypedDetails = Pick<
  DocumentView,
  'contractDetails' | 'invoiceDetails' | 'agreementDetails' | 'splitSheetDetails'
>;

const cell = 'px-2 py-1.5 text-left align-top';
const numeric = 'px-2 py-1.5 text-right align-top font-mono tabular-nums whitespace-nowrap';

export function TypeDetails({ document: doc }: { document: TypedDetails }) {
  const c = doc.contractDetails;
  const i = doc.invoiceDetails;
  const a = doc.agreementDetails;
  const s = doc.splitSheetDetails;
  return (
    <>
      {c && (
        <DetailsSection title="Contract">
          <Facts
            facts={[
              { label: 'Project title', value: c.projectTitle },
              { label: 'Budget', value: formatMoney(c.budget) },
              { label: 'Timeline', value: c.timeline },
              { label: 'Revisions', value: String(c.revisions) },
              { label: 'Deliverables', value: <Bullets items={c.deliverables} />, wide: true },
              { label: 'Payment terms', value: c.paymentTerms, wide: true },
              { label: 'Rights', value: c.rights, wide: true },
              { label: 'Cancellation terms', value: c.cancellationTerms, wide: true },
            ].filter((f) => !(f.label === 'Deliverables' && c.deliverables.length === 0))}
          />
        </DetailsSection>
      )}
      {i && (
        <DetailsSection title="Invoice">
          <Facts
            facts={[
              { label: 'Invoice number', value: i.invoiceNumber },
              { label: 'Due date', value: formatCalendarDate(i.dueDate) },
              { label: 'Payment terms', value: i.paymentTerms },
            ]}
          />
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full text-sm">
              <thead className="bg-surface-2 text-xs text-muted">
                <tr>
                  <th className={cell}>Description</th>
                  <th className={numeric}>Qty</th>
                  <th className={numeric}>Rate</th>
                  <th className={numeric}>Amount</th>
                </tr>
              </thead>
              <tbody>
                {i.items.map((item, n) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: invoice lines are listed in order and never move
                  <tr key={n} className="border-t border-border">
                    <td className={cell}>{item.description}</td>
                    <td className={numeric}>{item.quantity}</td>
                    <td className={numeric}>{formatMoney(item.rate)}</td>
                    <td className={numeric}>{formatMoney(item.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-border">
                <tr>
                  <th scope="row" colSpan={3} className={`${cell} text-right font-normal text-muted`}>
                    Subtotal
                  </th>
                  <td className={numeric}>{formatMoney(i.subtotal)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3} className={`${cell} text-right font-normal text-muted`}>
                    {i.taxRate !== null ? `Tax (${formatTaxRate(i.taxRate)})` : 'Tax'}
                  </th>
                  <td className={numeric}>{formatMoney(i.tax)}</td>
                </tr>
                <tr className="font-semibold">
                  <th scope="row" colSpan={3} className={`${cell} text-right`}>
                    Total
                  </th>
                  <td className={numeric}>{formatMoney(i.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <Facts facts={[{ label: 'Notes', value: i.notes, wide: true }]} />
        </DetailsSection>
      )}
      {a && (
        <DetailsSection title="Agreement">
          <Facts
            facts={[
              { label: 'Collaboration type', value: a.collaborationType },
              { label: 'Duration', value: a.duration },
              { label: 'Primary party share', value: formatPercent(a.revenueShare.primaryPercentage) },
              { label: 'Secondary party share', value: formatPercent(a.revenueShare.secondaryPercentage) },
              { label: 'Exclusive', value: a.exclusivity ? 'Yes' : 'No' },
              {
                label: "Primary party's responsibilities",
                value: a.responsibilities.primary.length ? (
                  <Bullets items={a.responsibilities.primary} />
                ) : (
                  ''
                ),
                wide: true,
              },
              {
                label: "Secondary party's responsibilities",
                value: a.responsibilities.secondary.length ? (
                  <Bullets items={a.responsibilities.secondary} />
                ) : (
                  ''
                ),
                wide: true,
              },
              { label: 'Termination clause', value: a.terminationClause, wide: true },
            ]}
          />
        </DetailsSection>
      )}
      {s && (
        <DetailsSection title="Split sheet">
          <Facts facts={[{ label: 'Song title', value: s.songTitle }]} />
          {(['writers', 'publishers'] as const)
            .filter((key) => s[key].length > 0)
            .map((key) => (
              <div key={key} className="overflow-x-auto rounded-md border border-border">
                <table className="w-full text-sm">
                  <caption className="bg-surface-2 px-2 py-1.5 text-left text-xs font-semibold text-muted">
                    {key === 'writers' ? 'Writers' : 'Publishers'}
                  </caption>
                  <thead className="text-xs text-muted">
                    <tr>
                      <th className={cell}>Name</th>
                      <th className={cell}>Role</th>
                      <th className={cell}>PRO / IPI</th>
                      <th className={numeric}>Share</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s[key].map((p, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: people are listed in order and never move
                      <tr key={n} className="border-t border-border">
                        <td className={cell}>
                          <div>{p.name}</div>
                          <div className="text-xs text-muted break-all">{p.email}</div>
                        </td>
                        <td className={cell}>{p.role || '—'}</td>
                        <td className={cell}>{[p.pro, p.ipi].filter(Boolean).join(' / ') || '—'}</td>
                        <td className={numeric}>{formatPercent(p.share)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
        </DetailsSection>
      )}
    </>
  );
}
