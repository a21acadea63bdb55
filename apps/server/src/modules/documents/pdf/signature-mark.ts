// The mark a signer made, drawn in the room left for it above their signature line: a typed name set
// in a sloped face like handwriting, or their drawn signature as an image. Either stays inside the box, so a
// signed page keeps the layout of the page that was sent.
import { OBLIQUE, printable, useFace } from './fonts.ts';
import { formatLongDate, formatUtcTime } from './format.ts';
import { type Box, type Doc, type TextStyle, widthOf, writeLine } from './layout.ts';
import type { RenderExtras } from './render-extras.ts';

export type MadeSignature = NonNullable<RenderExtras['signatures']>[number];

/** Pen ink rather than print black, so a signature reads as added to the page. */
const INK = '#1f3a6e';
/** The typed name's size, as large as the room allows; a long name shrinks down to the smallest. */
const SCRIPT_SIZES = [20, 18, 16, 14, 12];
/** Gap kept between a mark and the line under it, and above a drawn one. */
const CLEARANCE = 2;

function typedMark(doc: Doc, text: string, box: Box, line: number): void {
  const name = printable(text).replace(/\s+/g, ' ').trim();
  // The sloped face lacks a few scripts (Arabic, CJK): their characters are set upright in the faces that
  // have them (text-flow.ts), rather than as '?'.
  const style = (size: number): TextStyle => ({ font: OBLIQUE, size, color: INK, lineGap: 0 });
  const size =
    SCRIPT_SIZES.find((points) => widthOf(doc, name, style(points)) <= box.width) ?? SCRIPT_SIZES.at(-1)!;
  useFace(doc, OBLIQUE).fontSize(size);
  // writeLine cuts what still does not fit at the smallest size with an ellipsis.
  writeLine(doc, name, style(size), box, line - doc.currentLineHeight(true) - CLEARANCE);
}

function drawnMark(doc: Doc, png: Buffer, box: Box, line: number, room: number): void {
  const height = room - 2 * CLEARANCE;
  // pdfkit scales the image into the box keeping its proportions, and sits it on the line.
  doc.image(png, box.x, line - CLEARANCE - height, { fit: [box.width, height], valign: 'bottom' });
}

/** Draws the mark in `box` just above the signature line at `line`, within `room` points of it. */
export function drawMark(doc: Doc, made: MadeSignature, box: Box, line: number, room: number): void {
  if (made.mark.kind === 'typed') typedMark(doc, made.mark.text, box, line);
  else drawnMark(doc, made.mark.png, box, line, room);
}

/** The caption under a signed line, in place of "Signature". */
export const signedCaption = (made: MadeSignature) =>
  `Signed electronically on ${formatUtcTime(made.signedAt, { seconds: false })}`;

/** What is written on the date line of a signed block. */
export const signedDate = (made: MadeSignature) => formatLongDate(made.signedAt);
