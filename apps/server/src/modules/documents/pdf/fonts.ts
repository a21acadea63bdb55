// The typeface of every document: DejaVu Sans (Bitstream Vera licence, free to embed), from the
// dejavu-fonts-ttf package, which covers Latin, Greek, Cyrillic, Armenian, Georgian and Hebrew. Characters
// it has no glyph for (CJK, emoji) print as '?' instead of an invisible or misleading box.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The part of a fontkit font we use; pdfkit takes the object itself in place of a file. */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
}

export const REGULAR = 'regular';
export const BOLD = 'bold';
/** Only for typed signatures; it lacks some scripts the other two have (Arabic), see `covers`. */
export const OBLIQUE = 'oblique';

const FILES = {
  [REGULAR]: 'DejaVuSans.ttf',
  [BOLD]: 'DejaVuSans-Bold.ttf',
  [OBLIQUE]: 'DejaVuSans-Oblique.ttf',
} as const;

let loaded: Record<keyof typeof FILES, FontkitFont> | null = null;

/**
 * Parses each font once per process. Handing pdfkit the parsed font instead of the file's bytes saves it
 * re-reading the tables for every document: about two thirds of a render's time in the first measurements.
 * fontkit is pdfkit's own dependency, so it is loaded from where pdfkit is.
 */
function fonts(): Record<keyof typeof FILES, FontkitFont> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
    create(data: Buffer): FontkitFont;
  };
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const open = (file: string) => fontkit.create(readFileSync(path.join(dir, file)));
  loaded = {
    [REGULAR]: open(FILES[REGULAR]),
    [BOLD]: open(FILES[BOLD]),
    [OBLIQUE]: open(FILES[OBLIQUE]),
  };
  return loaded;
}

/** Makes every face usable in `doc.font(...)`; a face never used is not embedded. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of Object.entries(fonts())) {
    // pdfkit accepts a fontkit font where its types only list files and bytes.
    doc.registerFont(name, font as unknown as Buffer);
  }
}

/** Plain printable ASCII needs no look-up. */
const ASCII = /^[\x20-\x7e\n]*$/;
/** Joiners and variation selectors carry no glyph of their own: dropped rather than shown as '?'. */
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * Text as the fonts can print it: composed (NFC, so a decomposed 'é' finds its glyph), tabs and other
 * control characters as spaces, line breaks kept, and characters missing from either weight as '?'.
 */
export function printable(text: string): string {
  if (ASCII.test(text)) return text;
  const { regular, bold } = fonts();
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (regular.hasGlyphForCodePoint(code) && bold.hasGlyphForCodePoint(code)) out += char;
    else if (!INVISIBLE.test(char)) out += '?';
  }
  return out;
}

/** Whether `font` has a glyph for every character of `text` (already made printable). */
export function covers(font: keyof typeof FILES, text: string): boolean {
  const face = fonts()[font];
  for (const char of text)
    if (char !== '\n' && !face.hasGlyphForCodePoint(char.codePointAt(0)!)) return false;
  return true;
}
