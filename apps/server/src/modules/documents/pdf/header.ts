// The top of page 1: what the document is, its number and date, and who it is between.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import {
  COLOR,
  columns,
  contentBox,
  type Doc,
  drawStack,
  ensureSpace,
  gap,
  measureStack,
  rule,
  STYLE,
  type Stack,
  write,
} from './layout.ts';

type Party = DocumentView['parties']['primary'];

export interface HeaderFacts {
  label: string;
  title: string;
  /** Label/value pairs under the title: document number, date, project, and what the template adds. */
  facts: ReadonlyArray<readonly [string, string]>;
}

const FACTS_PER_ROW = 3;

/** Columns of stacks drawn side by side, the row kept on one page and as tall as its tallest column. */
function stackRow(doc: Doc, stacks: readonly Stack[], count: number, gapX: number): void {
  const boxes = columns(contentBox(doc), count, gapX);
  const height = Math.max(...stacks.map((stack, i) => measureStack(doc, stack, boxes[i]!)));
  ensureSpace(doc, height);
  const y = doc.y;
  const ends = stacks.map((stack, i) => drawStack(doc, stack, boxes[i]!, y));
  doc.y = Math.max(y + height, ...ends);
}

export function header(doc: Doc, { label, title, facts }: HeaderFacts): void {
  const box = contentBox(doc);
  write(doc, label.toUpperCase(), STYLE.accentLabel, box);
  gap(doc, 3);
  write(doc, title, STYLE.title, box);
  gap(doc, 8);
  rule(doc, box, doc.y, COLOR.accent, 1.2);
  gap(doc, 12);
  for (let i = 0; i < facts.length; i += FACTS_PER_ROW) {
    const row = facts.slice(i, i + FACTS_PER_ROW).map(
      ([name, value]): Stack => [
        [name.toUpperCase(), STYLE.label],
        [value, STYLE.body],
      ],
    );
    if (i > 0) gap(doc, 8);
    stackRow(doc, row, FACTS_PER_ROW, 16);
  }
}

const partyStack = (label: string, party: Party): Stack => [
  [label.toUpperCase(), STYLE.label],
  [party.name, STYLE.strong],
  [party.email, STYLE.body],
  [party.address, STYLE.body],
  [party.phone, STYLE.body],
];

/** Both parties side by side, each with its address on as many lines as it was written. */
export function partiesBlock(doc: Doc, parties: DocumentView['parties']): void {
  gap(doc, 20);
  rule(doc, contentBox(doc));
  gap(doc, 10);
  stackRow(
    doc,
    [partyStack('Primary party', parties.primary), partyStack('Secondary party', parties.secondary)],
    2,
    24,
  );
}
