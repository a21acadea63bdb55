// Where lines break, as pdfkit's LineWrapper breaks them, step for step: at Unicode's break opportunities
// (UAX #14, the linebreak package pdfkit uses), the trailing space counted in a word's width, a word wider
// than a whole line cut where it fills the line, and pdfkit's rounding of widths. Kept equal to pdfkit's so a
// document in one face is set exactly as before: same lines, same positions, same bytes. The one change:
// Korean breaks between words only.
import { createRequire } from 'node:module';

interface Break {
  position: number;
  required: boolean;
}
const require = createRequire(import.meta.url);
/** Unicode line breaking (UAX #14), the package pdfkit's wrapper uses. */
const LineBreaker = createRequire(require.resolve('pdfkit'))('linebreak') as new (
  text: string,
) => { nextBreak(): Break | null };

/** pdfkit's rounding of positions and widths to single precision (rounding down), kept for equal results. */
const float32 = new Float32Array(1);
const int32 = new Uint32Array(float32.buffer);
export function pdfNumber(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  float32[0] = n;
  if (n <= 0) int32[0]! += 1;
  else int32[0]! -= 1;
  return float32[0]!;
}

const HANGUL_SYLLABLE = /[\uac00-\ud7a3]/;
/**
 * Korean is broken between words, at its spaces, not between any two syllables as Unicode allows: a name
 * like 김민준 stays whole (CSS calls it word-break: keep-all). Chinese and Japanese break between characters.
 */
const withinKoreanWord = (text: string, position: number) =>
  HANGUL_SYLLABLE.test(text.charAt(position - 1)) && HANGUL_SYLLABLE.test(text.charAt(position));

export interface Wrapping {
  /** Sets a line (its text as broken, trailing spaces included). */
  line(text: string): void;
  /** After a line when more follows: whether there is room to go on. */
  more(): boolean;
  /** For a line that is cut short: the text it shows instead, or the text itself. */
  cut?(text: string): string;
}

/**
 * Breaks `text` into lines `width` wide as pdfkit's LineWrapper does: at Unicode break opportunities, the
 * trailing space counted, a word wider than a whole line cut where it fills the line.
 */
export function wrap(text: string, width: number, wordWidth: (word: string) => number, to: Wrapping): void {
  const cache = new Map<string, number>();
  const measure = (word: string) => {
    const known = cache.get(word);
    if (known !== undefined) return known;
    const w = wordWidth(word);
    cache.set(word, w);
    return w;
  };
  let spaceLeft = width;
  let buffer = '';
  let words = 0;

  const take = (word: string, w: number, bk: { required: boolean }, last: { required: boolean } | null) => {
    if (last === null || last.required) spaceLeft = width;
    const fits = w <= spaceLeft;
    if (fits) {
      buffer += word;
      words++;
    }
    if (!bk.required && fits) {
      spaceLeft -= w;
      return true;
    }
    if (to.cut) buffer = to.cut(buffer);
    if (bk.required && w > spaceLeft) {
      to.line(buffer);
      buffer = word;
      words = 1;
    }
    to.line(buffer);
    if (!to.more()) {
      buffer = '';
      words = 0;
      return false;
    }
    if (bk.required) {
      spaceLeft = width;
      buffer = '';
      words = 0;
    } else {
      spaceLeft = width - w;
      buffer = word;
      words = 1;
    }
    return true;
  };

  const breaker = new LineBreaker(text);
  let last: Break | null = null;
  let mightGrow = false;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (!bk.required && withinKoreanWord(text, bk.position)) continue;
    const segment = text.slice(last?.position ?? 0, bk.position);
    let w = measure(segment);
    let go = true;
    if (w <= width) go = take(segment, w, bk, last);
    else {
      let chars = [...segment];
      // Wider than a line: as many characters as fill the room left, then the rest on the next lines.
      let before: { required: boolean } | null = last;
      while (chars.length > 0) {
        let l = chars.length;
        if (w > spaceLeft) {
          l = Math.ceil(spaceLeft / (w / chars.length));
          w = measure(chars.slice(0, l).join(''));
          mightGrow = w <= spaceLeft && l < chars.length;
        }
        let mustShrink = w > spaceLeft && l > 0;
        while (mustShrink || mightGrow) {
          if (mustShrink) {
            w = measure(chars.slice(0, --l).join(''));
            mustShrink = w > spaceLeft && l > 0;
          } else {
            w = measure(chars.slice(0, ++l).join(''));
            mustShrink = w > spaceLeft && l > 0;
            mightGrow = w <= spaceLeft && l < chars.length;
          }
        }
        if (l === 0 && spaceLeft === width) l = 1;
        go = take(chars.slice(0, l).join(''), w, { required: bk.required || l < chars.length }, before);
        before = { required: false };
        chars = chars.slice(l);
        w = measure(chars.join(''));
        if (!go) break;
      }
    }
    if (!go) break;
    last = bk;
  }
  if (words > 0) to.line(buffer);
}
