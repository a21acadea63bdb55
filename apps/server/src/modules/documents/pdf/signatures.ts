// The signature section: one block per signer, two to a row, with a line to sign on and one for the date.
// The space above the signature line is sized for the mark a signer makes (a typed name or a drawn
// signature as an image), so a signed copy has exactly the layout of the one that was sent for signing.
import type { DocumentView, SIGNER_ROLES } from '@mixdesk/contract/document-responses';
import { heading, headingHeight } from './blocks.ts';
import {
  type Box,
  COLOR,
  columns,
  contentBox,
  type Doc,
  drawStack,
  ensureSpace,
  gap,
  measure,
  measureStack,
  rule,
  STYLE,
  type Stack,
  write,
  writeLine,
} from './layout.ts';
import type { RenderExtras } from './render-extras.ts';
import { drawMark, type MadeSignature, signedCaption, signedDate } from './signature-mark.ts';

type Signer = DocumentView['signers'][number];

const ROLE_LABELS: Record<(typeof SIGNER_ROLES)[number], string> = {
  primary: 'Primary party',
  secondary: 'Secondary party',
  writer: 'Writer',
  publisher: 'Publisher',
};

/** Room above the signature line: a typed name in a script size, or an image up to 40 pt high. */
export const SIGNATURE_SPACE = 40;
const DATE_SPACE = 22;
const CAPTION_HEIGHT = 14;

const identity = (signer: Signer, writerRole = ROLE_LABELS.writer): Stack => [
  [(signer.role === 'writer' ? writerRole : ROLE_LABELS[signer.role]).toUpperCase(), STYLE.label],
  [signer.name, STYLE.strong],
  [signer.email, STYLE.muted],
];

/** The signature and date lines from `y`; once signed, with the mark above the line and the date on its own. */
function signatureLines(doc: Doc, box: Box, y: number, made: MadeSignature | undefined): number {
  const signatureLine = y + SIGNATURE_SPACE;
  const dateLine = signatureLine + CAPTION_HEIGHT + DATE_SPACE;
  if (made) {
    drawMark(doc, made, box, signatureLine, SIGNATURE_SPACE);
    // One line each, cut short rather than wrapped: nothing may push into the block below.
    writeLine(doc, signedCaption(made), STYLE.muted, box, signatureLine + 3);
    writeLine(doc, signedDate(made), STYLE.body, box, dateLine - 14);
  }
  rule(doc, box, signatureLine, COLOR.muted, 0.7);
  if (!made) write(doc, 'Signature', STYLE.muted, box, { y: signatureLine + 3 });
  rule(doc, { x: box.x, width: box.width * 0.55 }, dateLine, COLOR.muted, 0.7);
  write(doc, 'Date', STYLE.muted, box, { y: dateLine + 3 });
  return dateLine + CAPTION_HEIGHT;
}

const LINES_HEIGHT = SIGNATURE_SPACE + 2 * CAPTION_HEIGHT + DATE_SPACE;

const INTRO = 'Signed by each person named below, on the date written beside their signature.';
const INTRO_GAP = 10;

function rowHeight(doc: Doc, pair: readonly Signer[], boxes: Box[], writerRole?: string): number {
  return (
    Math.max(...pair.map((s, j) => measureStack(doc, identity(s, writerRole), boxes[j]!))) + LINES_HEIGHT
  );
}

export function signatureSection(
  doc: Doc,
  signers: readonly Signer[],
  signatures: RenderExtras['signatures'] = [],
  writerRole?: string,
): void {
  if (signers.length === 0) return;
  const made = new Map(signatures.map((signature) => [signature.signerId, signature]));
  const box = contentBox(doc);
  const boxes = columns(box, 2, 32);
  // The heading and its sentence go to the next page with the first row rather than stand alone.
  const opening = headingHeight(doc, 'Signatures', box) + measure(doc, INTRO, STYLE.body, box) + INTRO_GAP;
  ensureSpace(doc, opening + rowHeight(doc, signers.slice(0, 2), boxes, writerRole));
  heading(doc, 'Signatures');
  write(doc, INTRO, STYLE.body, box);
  gap(doc, INTRO_GAP);
  for (let i = 0; i < signers.length; i += 2) {
    const pair = signers.slice(i, i + 2);
    const height = rowHeight(doc, pair, boxes, writerRole);
    ensureSpace(doc, height);
    const identityHeight = height - LINES_HEIGHT;
    const y = doc.y;
    const ends = pair.map((signer, j) => {
      drawStack(doc, identity(signer, writerRole), boxes[j]!, y);
      return signatureLines(doc, boxes[j]!, y + identityHeight, made.get(signer._id));
    });
    doc.y = Math.max(...ends);
    gap(doc, 18);
  }
}
