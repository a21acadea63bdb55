// A table that breaks between rows, never inside one, and repeats its header at the top of each page.
import {
  type Box,
  COLOR,
  type Doc,
  ensureSpace,
  measure,
  pageBottom,
  rule,
  STYLE,
  type TextStyle,
  write,
} from './layout.ts';

export interface Column {
  header: string;
  /** Share of the table's width; the shares add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

const PAD_X = 6;
const PAD_Y = 4;

function cellBoxes(columns: readonly Column[], box: Box): Box[] {
  let x = box.x;
  return columns.map((column) => {
    const width = column.width * box.width;
    const cell = { x: x + PAD_X, width: width - 2 * PAD_X };
    x += width;
    return cell;
  });
}

function rowHeight(doc: Doc, cells: readonly string[], boxes: Box[], style: TextStyle): number {
  const tallest = Math.max(...cells.map((cell, i) => measure(doc, cell, style, boxes[i]!)));
  return tallest + 2 * PAD_Y;
}

function drawRow(
  doc: Doc,
  cells: readonly string[],
  columns: readonly Column[],
  boxes: Box[],
  style: TextStyle,
  y: number,
): void {
  cells.forEach((cell, i) => {
    write(doc, cell, style, boxes[i]!, { y: y + PAD_Y, align: columns[i]!.align });
  });
}

export interface TableOptions {
  /** A closing row in bold under a darker rule, e.g. the sum of a column. */
  total?: readonly string[];
  /** Height of what is drawn right after the table, kept on the same page as the last row. */
  keepWithLast?: number;
  /** The rows' text, when not the body text. */
  style?: TextStyle;
}

/** Draws `rows` under a header row; the last row never stands alone at the top of a page. */
export function table(
  doc: Doc,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
  box: Box,
  { total, keepWithLast = 0, style = STYLE.body }: TableOptions = {},
): void {
  const boxes = cellBoxes(columns, box);
  const headers = columns.map((c) => c.header.toUpperCase());
  const headerHeight = rowHeight(doc, headers, boxes, STYLE.label);

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(box.x, y, box.width, headerHeight).fill(COLOR.fill);
    drawRow(doc, headers, columns, boxes, STYLE.label, y);
    doc.y = y + headerHeight;
  };

  const heights = rows.map((cells) => rowHeight(doc, cells, boxes, style));
  const tail = (total ? rowHeight(doc, total, boxes, STYLE.strong) : 0) + keepWithLast;
  ensureSpace(doc, headerHeight + (heights[0] ?? 0) + (rows.length <= 1 ? tail : 0));
  drawHeader();

  rows.forEach((cells, i) => {
    const height = heights[i]!;
    const last = i === rows.length - 1;
    if (doc.y + height + (last ? tail : 0) > pageBottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    drawRow(doc, cells, columns, boxes, style, y);
    rule(doc, box, y + height);
    doc.y = y + height;
  });

  if (total) {
    const y = doc.y;
    rule(doc, box, y, COLOR.muted, 0.9);
    drawRow(doc, total, columns, boxes, STYLE.strong, y);
    doc.y = y + rowHeight(doc, total, boxes, STYLE.strong);
  }
}
