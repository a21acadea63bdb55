// How text is set, in place of pdfkit's own text(), which sets a whole line in one font and one direction.
// Each line is split into runs by the face that has their glyphs and by direction (text-runs.ts); every run
// is measured and drawn in its own face, on the line's one baseline, right-to-left words placed from the
// right (bidi.ts), so a Chinese, Korean or Arabic name sits in a Latin sentence and wraps with it. Lines break
// as pdfkit breaks them (line-breaking.ts), so a document in one face is set exactly as pdfkit set it.
import { visualOrder } from './bidi.ts';
import { type Face, printable, type StyleFace, useFace } from './fonts.ts';
import { pdfNumber, wrap } from './line-breaking.ts';
import { type Piece, piecesOf, type Span, spansOf } from './text-runs.ts';

type Doc = PDFKit.PDFDocument;

/** What the flow needs of a text style (layout.ts's TextStyle). */
export interface FlowStyle {
  font: StyleFace;
  size: number;
  color: string;
  lineGap: number;
  characterSpacing?: number;
}

export interface FlowBox {
  x: number;
  width: number;
}

/** Sets the face and size on the document and returns pdfkit's font object for its metrics. */
function select(doc: Doc, face: Face, size: number): { ascender: number } {
  useFace(doc, face).fontSize(size);
  return (doc as unknown as { _font: { ascender: number } })._font;
}

/** Width of the glyphs alone, as pdfkit measures them (no character spacing). */
function glyphWidth(doc: Doc, span: Span, size: number): number {
  select(doc, span.face, size);
  return doc.widthOfString(span.text);
}

const spacingOf = (style: FlowStyle) => style.characterSpacing ?? 0;

/**
 * Width of `text` set in `style`, as pdfkit's widthOfString gives it for one face: the glyphs plus the
 * character spacing between them (not after the last).
 */
export const textWidth = (doc: Doc, text: string, style: FlowStyle) =>
  printedWidth(doc, printable(text), style);

function printedWidth(doc: Doc, text: string, style: FlowStyle): number {
  const glyphs = spansOf(text, style.font).reduce((sum, span) => sum + glyphWidth(doc, span, style.size), 0);
  return ((glyphs + spacingOf(style) * (text.length - 1)) * 100) / 100;
}

/** pdfkit's word width: the text and the spacing after its last character. */
const wordWidth = (doc: Doc, word: string, style: FlowStyle) =>
  pdfNumber(printedWidth(doc, word, style) + spacingOf(style));

/** The advance of a piece: its glyphs and the character spacing after each one. */
const advance = (doc: Doc, piece: Piece, style: FlowStyle) =>
  glyphWidth(doc, piece, style.size) + spacingOf(style) * piece.text.length;

/** The width a line takes without its trailing spaces, for right alignment; pdfkit's sum for one run. */
function inkWidth(doc: Doc, line: string, style: FlowStyle): number {
  const trimmed = line.replace(/\s+$/, '');
  const spans = spansOf(trimmed, style.font);
  if (spans.length === 1) return printedWidth(doc, trimmed, style);
  return piecesOf(spans).reduce((sum, piece) => sum + advance(doc, piece, style), 0) - spacingOf(style);
}

/** Draws one line with its top at `y`: every piece in its face, on the baseline of the style's face. */
function drawLine(doc: Doc, line: string, style: FlowStyle, box: FlowBox, y: number, align: Align): void {
  const text = line.replace(/\n/g, '');
  if (text === '') return;
  const ascender = select(doc, style.font, style.size).ascender;
  const pieces = piecesOf(spansOf(text, style.font));
  let x = box.x;
  if (align === 'right') x += box.width - inkWidth(doc, text, style);
  const options = { lineBreak: false, characterSpacing: spacingOf(style) };
  if (pieces.length === 1 && pieces[0]!.face === style.font) {
    doc.text(text, x, y, options);
    doc.x = box.x;
    return;
  }
  // Positions from the visual order; drawn in reading order, so a text extractor gets that order back.
  const at = new Map<Piece, number>();
  for (const piece of visualOrder(pieces)) {
    at.set(piece, x);
    x += advance(doc, piece, style);
  }
  for (const piece of pieces) {
    if (piece.gap) continue;
    const font = select(doc, piece.face, style.size);
    const top = piece.face === style.font ? y : y + ((ascender - font.ascender) / 1000) * style.size;
    doc.text(piece.text, at.get(piece)!, top, options);
  }
  doc.x = box.x;
}

type Align = 'left' | 'right';

export interface FlowOptions {
  y: number;
  align?: Align;
  /** One line at most, cut with an ellipsis when the text is longer. */
  oneLine?: boolean;
}

const ELLIPSIS = '…';

/**
 * Sets `text` in `box` from `y` and moves doc.y below it. Text longer than the page continues at the top of
 * the next one, in the same box; with `oneLine`, what does not fit on the first line ends in an ellipsis.
 */
export function flowText(doc: Doc, text: string, style: FlowStyle, box: FlowBox, options: FlowOptions): void {
  const printed = printable(text);
  select(doc, style.font, style.size);
  doc.fillColor(style.color);
  doc.x = box.x;
  doc.y = options.y;
  const lineHeight = doc.currentLineHeight(true);
  const height = options.oneLine ? lineHeight : null;
  let maxY = pdfNumber(height === null ? doc.page.maxY() : options.y + height);
  const nextPage = () => {
    if (height !== null) return false;
    doc.continueOnNewPage();
    doc.x = box.x;
    doc.fillColor(style.color);
    maxY = pdfNumber(doc.page.maxY());
    return true;
  };
  if (doc.y > maxY || doc.y + lineHeight > maxY) nextPage();
  const cut = (line: string) => {
    if (pdfNumber(doc.y + lineHeight * 2) <= maxY) return line;
    let kept = line.replace(/\s+$/, '');
    let width = wordWidth(doc, kept + ELLIPSIS, style);
    while (kept && width > box.width) {
      kept = [...kept].slice(0, -1).join('').replace(/\s+$/, '');
      width = wordWidth(doc, kept + ELLIPSIS, style);
    }
    return width <= box.width ? kept + ELLIPSIS : kept;
  };
  wrap(printed, box.width, (word) => wordWidth(doc, word, style), {
    line: (line) => {
      drawLine(doc, line, style, box, doc.y, options.align ?? 'left');
      doc.y += lineHeight + style.lineGap;
    },
    more: () => (pdfNumber(doc.y + lineHeight) > maxY ? nextPage() : true),
    ...(options.oneLine ? { cut } : {}),
  });
  // The style's face stays current, as after pdfkit's text(): callers read its line height.
  select(doc, style.font, style.size);
}

/** The height `flowText` takes for `text` in `box`, as if the page had no end. */
export function flowHeight(doc: Doc, text: string, style: FlowStyle, box: FlowBox): number {
  select(doc, style.font, style.size);
  // Measuring set the colour too when it went through pdfkit: kept, so a document in one face renders to
  // the very bytes it did before, and a copy signed now matches the one sent for signing before.
  doc.fillColor(style.color);
  const lineHeight = doc.currentLineHeight(true);
  const start = doc.y;
  let y = start;
  wrap(printable(text), box.width, (word) => wordWidth(doc, word, style), {
    line: () => {
      y += lineHeight + style.lineGap;
    },
    more: () => true,
  });
  return y - start;
}
