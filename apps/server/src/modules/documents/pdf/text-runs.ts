// Text as runs: each character set in the face that has its glyph (fonts.ts) at its bidirectional level
// (bidi.ts), neighbours of one face and level together. pdfkit draws a run in one font and one direction.
import type { Level } from './bidi.ts';
import { hasRtl, levels } from './bidi.ts';
import { type Face, faceFor, hasGlyph, type StyleFace } from './fonts.ts';

/** A stretch of text in one face and one direction. */
export interface Span {
  text: string;
  face: Face;
  level: Level;
}

const SIMPLE = /^[\x20-\x7e\n]*$/;
/** Characters of no script of their own: spaces, punctuation, digits. */
const SHARED = /^\p{Script=Common}$/u;
/** Combining marks: set with the character they sit on. */
const MARK = /^\p{Script=Inherited}$/u;

/**
 * The face of each character. A letter is set in the style's face or the first fallback that has it. A space,
 * punctuation or digit between two letters of one fallback face (the space in "山田 花子") goes with them;
 * otherwise it takes the style's face when that has it, so "김민준 (Kim)" keeps its bracket in the Latin face.
 */
function facesOf(chars: readonly string[], face: StyleFace): Face[] {
  const faces: Array<Face | null> = chars.map((char) =>
    char === '\n' || SHARED.test(char) || MARK.test(char)
      ? null
      : (faceFor(char.codePointAt(0)!, face) ?? face),
  );
  const strongBefore: Array<Face | null> = [];
  let before: Face | null = null;
  faces.forEach((f, i) => {
    strongBefore[i] = before;
    if (f) before = f;
  });
  let after: Face | null = null;
  for (let i = chars.length - 1; i >= 0; i--) {
    if (faces[i]) {
      after = faces[i]!;
      continue;
    }
    const char = chars[i]!;
    const code = char.codePointAt(0)!;
    const prev = strongBefore[i] ?? null;
    if (char === '\n') faces[i] = prev ?? face;
    else if (MARK.test(char) && i > 0 && hasGlyph(faces[i - 1] ?? face, code))
      faces[i] = faces[i - 1] ?? face;
    else if (prev && prev === after && hasGlyph(prev, code)) faces[i] = prev;
    else faces[i] = faceFor(code, face) ?? face;
  }
  return faces as Face[];
}

/** Splits text (already printable) into runs of one face and one level. */
export function spansOf(text: string, face: StyleFace): Span[] {
  if (SIMPLE.test(text)) return [{ text, face, level: 0 }];
  const chars = [...text];
  const levelOf = hasRtl(text) ? levels(chars) : null;
  const faces = facesOf(chars, face);
  const spans: Span[] = [];
  chars.forEach((char, i) => {
    const level = levelOf?.[i] ?? 0;
    const last = spans.at(-1);
    if (last && last.face === faces[i] && last.level === level) last.text += char;
    else spans.push({ text: char, face: faces[i]!, level });
  });
  return spans;
}

export interface Piece extends Span {
  /** Spaces between the words of a right-to-left run: room, not drawn. */
  gap: boolean;
}

/**
 * A line's pieces: each left-to-right run whole; a right-to-left run word by word, with the spaces between
 * as gaps. pdfkit turns a right-to-left word's glyphs around, but lays out a run's words in reading order,
 * and text extractors read a right-to-left run back in one piece only when its words are separate.
 */
export function piecesOf(spans: readonly Span[]): Piece[] {
  return spans.flatMap((span) =>
    span.level % 2 === 0
      ? [{ ...span, gap: false }]
      : span.text
          .split(/(\s+)/)
          .filter((part) => part !== '')
          .map((part) => ({ ...span, text: part, gap: /^\s+$/.test(part) })),
  );
}
