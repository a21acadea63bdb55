// The signature section: one block per signer, two to a row, with a line to sign on and one for the date.
// The space above the signature line is sized for what signing will later put there (a typed name or a
// drawn signature as an image), so adding signatures will not move anything else on the page.
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
} from './layout.ts';

type Signer = DocumentView['signers'][number];

/**
 * What a later change will pass to renderDocumentPdf once signing exists. Reserved: nothing here is drawn
 * yet, and a render with or without it gives the same bytes today.
 */
export interface RenderExtras {
  /** A mark per signer who has signed, drawn above that signer's line. */
  signatures?: ReadonlyArray<{
    /** The signer's `_id`. */
    signerId: string;
    signedAt: string;
    mark: { kind: 'typed'; text: string } | { kind: 'image'; png: Buffer };
  }>;
  /** An audit certificate page appended after the document. */
  certificate?: { rows: ReadonlyArray<readonly [label: string, value: string]> };
}

const ROLE_LABELS: Record<(typeof SIGNER_ROLES)[number], string> = {
  primary: 'Primary party',
  secondary: 'Secondary party',
  writer: 'Writer',
  publisher: 'Publisher',
};

/** Room above the signature line: a typed name in a script size, or an image 40 pt high. */
export const SIGNATURE_SPACE = 40;
const DATE_SPACE = 22;
const CAPTION_HEIGHT = 14;

const identity = (signer: Signer): Stack => [
  [ROLE_LABELS[signer.role].toUpperCase(), STYLE.label],
  [signer.name, STYLE.strong],
  [signer.email, STYLE.muted],
];

function signatureLines(doc: Doc, box: Box, y: number): number {
  const signatureLine = y + SIGNATURE_SPACE;
  rule(doc, box, signatureLine, COLOR.muted, 0.7);
  write(doc, 'Signature', STYLE.muted, box, { y: signatureLine + 3 });
  const dateLine = signatureLine + CAPTION_HEIGHT + DATE_SPACE;
  rule(doc, { x: box.x, width: box.width * 0.55 }, dateLine, COLOR.muted, 0.7);
  write(doc, 'Date', STYLE.muted, box, { y: dateLine + 3 });
  return dateLine + CAPTION_HEIGHT;
}

const LINES_HEIGHT = SIGNATURE_SPACE + 2 * CAPTION_HEIGHT + DATE_SPACE;

const INTRO = 'Signed by each person named below, on the date written beside their signature.';
const INTRO_GAP = 10;

function rowHeight(doc: Doc, pair: readonly Signer[], boxes: Box[]): number {
  return Math.max(...pair.map((s, j) => measureStack(doc, identity(s), boxes[j]!))) + LINES_HEIGHT;
}

export function signatureSection(doc: Doc, signers: readonly Signer[]): void {
  if (signers.length === 0) return;
  const box = contentBox(doc);
  const boxes = columns(box, 2, 32);
  // The heading and its sentence go to the next page with the first row rather than stand alone.
  const opening = headingHeight(doc, 'Signatures', box) + measure(doc, INTRO, STYLE.body, box) + INTRO_GAP;
  ensureSpace(doc, opening + rowHeight(doc, signers.slice(0, 2), boxes));
  heading(doc, 'Signatures');
  write(doc, INTRO, STYLE.body, box);
  gap(doc, INTRO_GAP);
  for (let i = 0; i < signers.length; i += 2) {
    const pair = signers.slice(i, i + 2);
    const height = rowHeight(doc, pair, boxes);
    ensureSpace(doc, height);
    const identityHeight = height - LINES_HEIGHT;
    const y = doc.y;
    const ends = pair.map((signer, j) => {
      drawStack(doc, identity(signer), boxes[j]!, y);
      return signatureLines(doc, boxes[j]!, y + identityHeight);
    });
    doc.y = Math.max(...ends);
    gap(doc, 18);
  }
}
