// The typefaces of every document (decision 033). DejaVu Sans (Bitstream Vera licence, free to embed), from
// the dejavu-fonts-ttf package, sets Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic. What it has
// no glyph for falls back, character by character, to Noto Sans SC (Chinese, simplified and traditional, and
// Japanese kana and kanji) and then Noto Sans KR (Korean Hangul), regular weight only, from
// @expo-google-fonts (SIL Open Font Licence, TrueType). pdfkit embeds only the glyphs a document uses, and
// only the faces it uses, so a Latin-only document carries no CJK font at all. Characters no face has
// (emoji, other scripts) print as '?' instead of an invisible or misleading box; a name with any is refused
// before it is stored (printable-names.ts).
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
/** Only for typed signatures; it lacks some scripts the other two have (Arabic): those fall back to regular. */
export const OBLIQUE = 'oblique';
/** Chinese ideographs and Japanese kana (Noto Sans SC); regular only, also under bold text. */
export const CJK = 'cjk';
/** Korean Hangul (Noto Sans KR); regular only. */
export const HANGUL = 'hangul';

/** A face a style asks for. */
export type StyleFace = typeof REGULAR | typeof BOLD | typeof OBLIQUE;
/** A face a run of text is set in. */
export type Face = StyleFace | typeof CJK | typeof HANGUL;

const FILES: Record<Face, readonly [pkg: string, file: string]> = {
  [REGULAR]: ['dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'],
  [BOLD]: ['dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf'],
  [OBLIQUE]: ['dejavu-fonts-ttf', 'ttf/DejaVuSans-Oblique.ttf'],
  [CJK]: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
  [HANGUL]: ['@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'],
};

/** Where a character a style's face lacks is looked for next, in order. */
const FALLBACKS: Record<StyleFace, readonly Face[]> = {
  [REGULAR]: [CJK, HANGUL],
  [BOLD]: [REGULAR, CJK, HANGUL],
  [OBLIQUE]: [REGULAR, CJK, HANGUL],
};

const require = createRequire(import.meta.url);
let fontkit: { create(data: Buffer): FontkitFont } | null = null;
const loaded = new Map<Face, FontkitFont>();

/**
 * Parses each face once per process, when first needed: the CJK faces (10 and 6 MB) only once a document
 * has a character DejaVu lacks. Handing pdfkit the parsed font instead of the file's bytes saves it
 * re-reading the tables for every document: about two thirds of a render's time in the first measurements.
 * fontkit is pdfkit's own dependency, so it is loaded from where pdfkit is.
 */
function font(face: Face): FontkitFont {
  let parsed = loaded.get(face);
  if (parsed) return parsed;
  fontkit ??= createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): FontkitFont };
  const [pkg, file] = FILES[face];
  parsed = fontkit.create(
    readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file)),
  );
  loaded.set(face, parsed);
  return parsed;
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<Face>>();

/** Registers `face` with `doc` under its name, once; pdfkit embeds it only if something is drawn with it. */
function register(doc: PDFKit.PDFDocument, face: Face): void {
  const faces = registered.get(doc) ?? new Set<Face>();
  registered.set(doc, faces);
  if (faces.has(face)) return;
  // pdfkit accepts a fontkit font where its types only list files and bytes.
  doc.registerFont(face, font(face) as unknown as Buffer);
  faces.add(face);
}

/** Makes `face` the current font of `doc`. */
export function useFace(doc: PDFKit.PDFDocument, face: Face): PDFKit.PDFDocument {
  register(doc, face);
  return doc.font(face);
}

/** Registers the faces every document uses; the CJK faces are registered when first drawn with. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const face of [REGULAR, BOLD, OBLIQUE] as const) register(doc, face);
}

/** Whether `face` has a glyph for the character. */
export const hasGlyph = (face: Face, codePoint: number) => font(face).hasGlyphForCodePoint(codePoint);

/** The face that sets a character in text styled with `face`: its own, else the first fallback that has it. */
export function faceFor(codePoint: number, face: StyleFace): Face | null {
  if (hasGlyph(face, codePoint)) return face;
  return FALLBACKS[face].find((next) => hasGlyph(next, codePoint)) ?? null;
}

/** Plain printable ASCII needs no look-up. */
const ASCII = /^[\x20-\x7e\n]*$/;
/**
 * Variation selectors and other invisible marks carry no glyph of their own: dropped rather than shown as
 * '?'. The zero-width non-joiner and joiner stay: they decide how Arabic letters join (Persian's پژوهش‌گر).
 */
const INVISIBLE = /^(?![\u200c\u200d])\p{Default_Ignorable_Code_Point}$/u;

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code < 0xa0);
/** Printable in every style: bold and oblique fall back to regular, and then to regular's fallbacks. */
const isPrintable = (code: number) => faceFor(code, REGULAR) !== null;

/**
 * Text as the fonts can print it: composed (NFC, so a decomposed 'é' finds its glyph), tabs and other
 * control characters as spaces, line breaks kept, and characters no face has as '?'.
 */
export function printable(text: string): string {
  if (ASCII.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (isControl(code)) out += ' ';
    else if (!INVISIBLE.test(char)) out += isPrintable(code) ? char : '?';
  }
  return out;
}

/** The characters of `text` that no face can print, each once, in order: what `printable` turns into '?'. */
export function unprintable(text: string): string[] {
  if (ASCII.test(text)) return [];
  const missing = new Set<string>();
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (!isControl(code) && !INVISIBLE.test(char) && !isPrintable(code)) missing.add(char);
  }
  return [...missing];
}
