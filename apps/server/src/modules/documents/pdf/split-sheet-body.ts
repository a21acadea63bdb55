// The split sheet: the song, then who owns what share of it, writers and publishers each adding up to 100%.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { formatShare, toShareUnits } from '@mixdesk/contract/documents';
import { heading, keyValues } from './blocks.ts';
import { formatPercent } from './format.ts';
import { contentBox, type Doc, gap } from './layout.ts';
import { type Column, table } from './table.ts';

type SplitSheetDetails = NonNullable<DocumentView['splitSheetDetails']>;
type SplitPerson = SplitSheetDetails['writers'][number];

const PEOPLE_COLUMNS: Column[] = [
  { header: 'Name', width: 0.32 },
  { header: 'Role', width: 0.18 },
  { header: 'PRO', width: 0.14 },
  // Wide enough for an 11-digit IPI on one line.
  { header: 'IPI', width: 0.2, nowrap: true },
  { header: 'Share %', width: 0.16, align: 'right', nowrap: true },
];

/** Optional fields left blank show a dash, so an empty cell never looks like a printing fault. */
const orDash = (value: string) => (value.trim() === '' ? '—' : value);

function peopleTable(doc: Doc, title: string, people: readonly SplitPerson[]): void {
  heading(doc, title);
  // Summed in hundredths of a percent, as the server checks them, so 33.33 + 33.33 + 33.34 prints 100%.
  const total = people.reduce((sum, p) => sum + toShareUnits(p.share), 0);
  table(
    doc,
    PEOPLE_COLUMNS,
    people.map((p) => [p.name, orDash(p.role), orDash(p.pro), orDash(p.ipi), formatPercent(p.share)]),
    contentBox(doc),
    { total: ['Total', '', '', '', `${formatShare(total)}%`] },
  );
}

export function splitSheetBody(doc: Doc, details: SplitSheetDetails, writersHeading = 'Writers'): void {
  gap(doc, 20);
  keyValues(doc, [['Song title', details.songTitle]], contentBox(doc));
  peopleTable(doc, writersHeading, details.writers);
  if (details.publishers.length > 0) peopleTable(doc, 'Publishers', details.publishers);
}
