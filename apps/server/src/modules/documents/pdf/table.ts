// A table that breaks between rows, never inside one, and repeats its header at the top of each page.
// Columns of figures never wrap: a figure wider than its column widens it, taking room from the columns
// that wrap, and only when those cannot give enough is the figure set smaller.
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
  widthOf,
  write,
} from './layout.ts';

export interface Column {
  header: string;
  /** Share of the table's width; the shares add up to 1. */
  width: number;
  align?: 'left' | 'right';
  /** Figures (amounts, quantities, shares): always on one line, never broken inside a number. */
  nowrap?: boolean;
}

const PAD_X = 6;
const PAD_Y = 4;
/** Room kept beside the widest figure of a column, against rounding. */
const SLACK = 1;
/** A wrapping column gives at most this share of its width to figures beside it. */
const MAX_GIVEN = 0.5;

/** How the columns are set: each one's width, and the scale of its text (1 unless figures had to shrink). */
interface Fit {
  widths: number[];
  scales: number[];
}

/** The widest text of a column of figures, in the styles its cells are set in. */
function widestFigure(doc: Doc, i: number, header: string, body: Body): number {
  const cells = [
    widthOf(doc, header, STYLE.label) + (STYLE.label.characterSpacing ?? 0),
    ...body.rows.map((row) => widthOf(doc, row[i] ?? '', body.style)),
    body.total ? widthOf(doc, body.total[i] ?? '', STYLE.strong) : 0,
  ];
  return Math.max(...cells) + 2 * PAD_X + SLACK;
}

/** Widens the columns of figures that need it, from the wrapping columns; shrinks figures still too wide. */
function fitColumns(doc: Doc, columns: readonly Column[], body: Body, box: Box): Fit {
  const widths = columns.map((column) => column.width * box.width);
  const scales = columns.map(() => 1);
  const needs = columns.map((column, i) =>
    column.nowrap ? widestFigure(doc, i, column.header.toUpperCase(), body) : 0,
  );
  const short = columns.map((column, i) => (column.nowrap ? Math.max(0, needs[i]! - widths[i]!) : 0));
  const shortfall = short.reduce((sum, s) => sum + s, 0);
  if (shortfall === 0) return { widths, scales };
  const wrapping = widths.reduce((sum, width, i) => sum + (columns[i]!.nowrap ? 0 : width), 0);
  const taken = Math.min(shortfall, wrapping * MAX_GIVEN);
  return {
    widths: widths.map((width, i) =>
      columns[i]!.nowrap ? width + (taken * short[i]!) / shortfall : width - (taken * width) / wrapping,
    ),
    scales: widths.map((width, i) => {
      if (short[i] === 0) return 1;
      const given = width + (taken * short[i]!) / shortfall;
      return Math.min(1, (given - 2 * PAD_X - SLACK) / (needs[i]! - 2 * PAD_X - SLACK));
    }),
  };
}

function cellBoxes(widths: readonly number[], box: Box): Box[] {
  let x = box.x;
  return widths.map((width) => {
    const cell = { x: x + PAD_X, width: width - 2 * PAD_X };
    x += width;
    return cell;
  });
}

/** The style of a cell: the row's, smaller in a column of figures that had to shrink. */
const cellStyle = (style: TextStyle, fit: Fit, i: number): TextStyle =>
  fit.scales[i] === 1 ? style : { ...style, size: style.size * fit.scales[i]! };

function rowHeight(doc: Doc, cells: readonly string[], boxes: Box[], style: TextStyle, fit: Fit): number {
  const tallest = Math.max(
    ...cells.map((cell, i) => measure(doc, cell, cellStyle(style, fit, i), boxes[i]!)),
  );
  return tallest + 2 * PAD_Y;
}

function drawRow(
  doc: Doc,
  cells: readonly string[],
  columns: readonly Column[],
  boxes: Box[],
  style: TextStyle,
  fit: Fit,
  y: number,
): void {
  cells.forEach((cell, i) => {
    write(doc, cell, cellStyle(style, fit, i), boxes[i]!, { y: y + PAD_Y, align: columns[i]!.align });
  });
}

interface Body {
  rows: ReadonlyArray<readonly string[]>;
  total: readonly string[] | undefined;
  style: TextStyle;
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
  const fit = fitColumns(doc, columns, { rows, total, style }, box);
  const boxes = cellBoxes(fit.widths, box);
  const headers = columns.map((c) => c.header.toUpperCase());
  const asIs: Fit = { widths: fit.widths, scales: columns.map(() => 1) };
  const headerHeight = rowHeight(doc, headers, boxes, STYLE.label, asIs);

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(box.x, y, box.width, headerHeight).fill(COLOR.fill);
    drawRow(doc, headers, columns, boxes, STYLE.label, asIs, y);
    doc.y = y + headerHeight;
  };

  const heights = rows.map((cells) => rowHeight(doc, cells, boxes, style, fit));
  const tail = (total ? rowHeight(doc, total, boxes, STYLE.strong, fit) : 0) + keepWithLast;
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
    drawRow(doc, cells, columns, boxes, style, fit, y);
    rule(doc, box, y + height);
    doc.y = y + height;
  });

  if (total) {
    const y = doc.y;
    rule(doc, box, y, COLOR.muted, 0.9);
    drawRow(doc, total, columns, boxes, STYLE.strong, fit, y);
    doc.y = y + rowHeight(doc, total, boxes, STYLE.strong, fit);
  }
}
