// The building blocks of a document body: headings, numbered clauses, lists and label/value rows. Each
// keeps a heading on the same page as the start of what it introduces and lets long text flow on.
import { type Box, contentBox, type Doc, ensureSpace, gap, inset, measure, STYLE, write } from './layout.ts';

/** A heading is never the last thing on a page: at least this much of what follows goes with it. */
const KEEP_WITH_NEXT = 42;
const CLAUSE_INDENT = 22;

const SPACE_ABOVE_HEADING = 16;
const SPACE_BELOW_HEADING = 4;

export function heading(doc: Doc, text: string, box: Box = contentBox(doc)): void {
  gap(doc, SPACE_ABOVE_HEADING);
  ensureSpace(doc, measure(doc, text, STYLE.heading, box) + KEEP_WITH_NEXT);
  write(doc, text, STYLE.heading, box);
  gap(doc, SPACE_BELOW_HEADING);
}

/** The room `heading` takes with its spacing, for a caller that keeps more than the default with it. */
export const headingHeight = (doc: Doc, text: string, box: Box = contentBox(doc)) =>
  SPACE_ABOVE_HEADING + measure(doc, text, STYLE.heading, box) + SPACE_BELOW_HEADING;

/** "3.  Timeline", its body drawn by `body` in the box under the title. */
export function clause(doc: Doc, number: number, title: string, body: (box: Box) => void): void {
  const box = contentBox(doc);
  const titleBox = inset(box, CLAUSE_INDENT);
  gap(doc, 14);
  ensureSpace(doc, measure(doc, title, STYLE.heading, titleBox) + KEEP_WITH_NEXT);
  const y = doc.y;
  write(doc, `${number}.`, STYLE.heading, { x: box.x, width: CLAUSE_INDENT }, { y });
  write(doc, title, STYLE.heading, titleBox, { y });
  gap(doc, 3);
  body(titleBox);
}

/**
 * Numbers clauses in order, leaving out those whose body is null (an optional text left empty), so the
 * numbering has no gaps and no heading stands over nothing.
 */
export function clauses(doc: Doc, list: ReadonlyArray<readonly [string, ((box: Box) => void) | null]>): void {
  let number = 0;
  for (const [title, body] of list) if (body) clause(doc, ++number, title, body);
}

/** A clause body of plain text, or null when the text is blank. */
export const textBody = (doc: Doc, text: string) =>
  text.trim() === '' ? null : (box: Box) => write(doc, text, STYLE.body, box);

/** A numbered or bulleted list; an item is never split across pages. */
export function list(doc: Doc, items: readonly string[], box: Box, marker: 'numbered' | 'bullet'): void {
  const markWidth = marker === 'numbered' ? 22 : 12;
  const itemBox = inset(box, markWidth);
  items.forEach((item, i) => {
    const height = measure(doc, item, STYLE.body, itemBox);
    ensureSpace(doc, height);
    const y = doc.y;
    write(doc, marker === 'numbered' ? `${i + 1}.` : '•', STYLE.body, { x: box.x, width: markWidth }, { y });
    write(doc, item, STYLE.body, itemBox, { y });
    doc.y += 1.5;
  });
}

/** Label/value rows, the label in a narrow muted column. */
export function keyValues(
  doc: Doc,
  rows: ReadonlyArray<readonly [string, string]>,
  box: Box,
  labelWidth = 110,
): void {
  const labelBox = { x: box.x, width: labelWidth - 8 };
  const valueBox = inset(box, labelWidth);
  for (const [label, value] of rows) {
    const height = Math.max(
      measure(doc, label, STYLE.muted, labelBox),
      measure(doc, value, STYLE.body, valueBox),
    );
    ensureSpace(doc, height);
    const y = doc.y;
    const page = doc.page;
    write(doc, label, STYLE.muted, labelBox, { y: y + 1 });
    const labelEnd = doc.y;
    write(doc, value, STYLE.body, valueBox, { y });
    // A value taller than a page has flowed onto the next one, where the label's end means nothing.
    if (doc.page === page) doc.y = Math.max(doc.y, labelEnd);
    doc.y += 3;
  }
}
