// The page, the type scale and the few drawing moves every document is made of. All text goes through
// `write`/`measure` (text-flow.ts), which make it printable first and set each run in a face that has its
// glyphs, so nothing reaches pdfkit that its font cannot show.
import { BOLD, REGULAR, type StyleFace } from './fonts.ts';
import { flowHeight, flowText, textWidth } from './text-flow.ts';

export type Doc = PDFKit.PDFDocument;

export const PAGE_SIZE = 'A4';
/** The bottom margin leaves room for the footer stamped on every page afterwards. */
export const MARGINS = { top: 60, bottom: 70, left: 60, right: 60 };

export const COLOR = {
  text: '#1c1c1c',
  muted: '#6b6b6b',
  rule: '#d4d4d4',
  fill: '#f3f1ed',
  /** Mixdesk's light-theme accent, used once per page at most. */
  accent: '#9a5a00',
};

export interface TextStyle {
  font: StyleFace;
  size: number;
  color: string;
  lineGap: number;
  characterSpacing?: number;
}

export const STYLE = {
  title: { font: BOLD, size: 19, color: COLOR.text, lineGap: 2 },
  heading: { font: BOLD, size: 10.5, color: COLOR.text, lineGap: 2 },
  body: { font: REGULAR, size: 9.5, color: COLOR.text, lineGap: 2.5 },
  strong: { font: BOLD, size: 9.5, color: COLOR.text, lineGap: 2.5 },
  muted: { font: REGULAR, size: 8.5, color: COLOR.muted, lineGap: 2 },
  // Letter-spaced, but under the gap text extractors read as a word break: at 0.7 pt pdftotext and
  // copy-paste already give "D E S C R IP T ION".
  label: { font: BOLD, size: 7, color: COLOR.muted, lineGap: 2, characterSpacing: 0.5 },
  accentLabel: { font: BOLD, size: 8, color: COLOR.accent, lineGap: 2, characterSpacing: 0.5 },
} satisfies Record<string, TextStyle>;

/** A horizontal slice of the page that text is set in. */
export interface Box {
  x: number;
  width: number;
}

export const contentBox = (doc: Doc): Box => ({
  x: doc.page.margins.left,
  width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
});

export const inset = (box: Box, by: number): Box => ({ x: box.x + by, width: box.width - by });

/** Splits a box into `count` columns with `gap` between them. */
export function columns(box: Box, count: number, gap: number): Box[] {
  const width = (box.width - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => ({ x: box.x + i * (width + gap), width }));
}

export const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** The height `text` takes in `box`, exactly as `write` will set it. */
export const measure = (doc: Doc, text: string, style: TextStyle, box: Box): number =>
  flowHeight(doc, text, style, box);

/** The width of `text` on one line in `style`. */
export const widthOf = (doc: Doc, text: string, style: TextStyle): number => textWidth(doc, text, style);

/**
 * `style`, set smaller if need be for `text` to fit on one line of `width`: for a figure, which must never
 * wrap. One point is kept spare against rounding.
 */
export function fitOnOneLine(doc: Doc, text: string, style: TextStyle, width: number): TextStyle {
  const needed = widthOf(doc, text, style) + (style.characterSpacing ?? 0) + 1;
  return needed <= width ? style : { ...style, size: (style.size * width) / needed };
}

/**
 * Sets `text` in `box` from `y` (default: the current line) and moves below it. Text longer than the page
 * continues at the top of the next one, in the same box.
 */
export function write(
  doc: Doc,
  text: string,
  style: TextStyle,
  box: Box,
  options: { y?: number; align?: 'left' | 'right' } = {},
): void {
  flowText(doc, text, style, box, { y: options.y ?? doc.y, align: options.align });
}

/** One line that never wraps nor breaks the page: what does not fit ends in an ellipsis. */
export function writeLine(
  doc: Doc,
  text: string,
  style: TextStyle,
  box: Box,
  y: number,
  align: 'left' | 'right' = 'left',
): void {
  flowText(doc, text, style, box, { y, align, oneLine: true });
}

const atPageTop = (doc: Doc) => doc.y <= doc.page.margins.top + 0.5;

/**
 * Starts a new page unless `height` more points fit on this one. At the top of a page it does nothing:
 * something taller than a page then flows over, rather than leaving a blank page behind.
 */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc) && !atPageTop(doc)) doc.addPage();
}

/** Vertical space, except at the top of a page, where it would only push the content down. */
export function gap(doc: Doc, points: number): void {
  if (!atPageTop(doc)) doc.y = Math.min(doc.y + points, pageBottom(doc));
}

export function rule(doc: Doc, box: Box, y = doc.y, color = COLOR.rule, width = 0.6): void {
  doc
    .moveTo(box.x, y)
    .lineTo(box.x + box.width, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** Lines of text set one under the other, each in its own style; blank texts are left out. */
export type Stack = ReadonlyArray<readonly [text: string, style: TextStyle]>;

const present = (stack: Stack) => stack.filter(([text]) => text.trim() !== '');

export function measureStack(doc: Doc, stack: Stack, box: Box): number {
  return present(stack).reduce((sum, [text, style]) => sum + measure(doc, text, style, box), 0);
}

/** Draws a stack from `y` and returns where it ends; the caller has made sure it fits. */
export function drawStack(doc: Doc, stack: Stack, box: Box, y: number): number {
  let at = y;
  for (const [text, style] of present(stack)) {
    write(doc, text, style, box, { y: at });
    at = doc.y;
  }
  return at;
}
