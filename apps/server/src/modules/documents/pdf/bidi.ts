// Right-to-left text (Hebrew, Arabic) inside the documents' left-to-right lines: a small part of the Unicode
// bidirectional algorithm (UAX #9) for a left-to-right paragraph, enough for names, addresses and clauses.
// Each character gets a level: 0 left to right, 1 right to left, 2 digits inside right-to-left text (they
// still read left to right). `visualOrder` then reorders a line's pieces by rule L2. pdfkit's font layout
// turns the glyphs of each right-to-left word around and shapes Arabic; it does not reorder the words.

export type Level = 0 | 1 | 2;

/** Letters of the right-to-left scripts (bidi classes R and AL). */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const MARK = /\p{M}/u;
/** Fast path: no right-to-left letter at all, everything is level 0. */
const ANY_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

type Kind = 'L' | 'R' | 'D' | 'M' | 'N';

function kind(char: string): Kind {
  if (MARK.test(char)) return 'M';
  if (DIGIT.test(char)) return 'D';
  if (LETTER.test(char)) return RTL_LETTER.test(char) ? 'R' : 'L';
  return 'N';
}

export const hasRtl = (text: string) => ANY_RTL.test(text);

/**
 * The level of each character (by code point) of one line. Digits after right-to-left letters are 2;
 * neutral characters (spaces, punctuation) between two right-to-left sides are 1, else 0; a combining mark
 * takes its base's level.
 */
export function levels(chars: readonly string[]): Level[] {
  const kinds = chars.map(kind);
  if (!kinds.includes('R')) return chars.map(() => 0);
  // The direction digits and neutrals lean to: the last strong letter before them.
  let strong: 'L' | 'R' = 'L';
  const leaning = kinds.map((k) => {
    if (k === 'L' || k === 'R') strong = k;
    return strong;
  });
  const result: Level[] = [];
  for (let i = 0; i < chars.length; i++) {
    const k = kinds[i]!;
    if (k === 'L') result.push(0);
    else if (k === 'R') result.push(1);
    else if (k === 'D') result.push(leaning[i] === 'R' ? 2 : 0);
    else if (k === 'M') result.push(i > 0 ? result[i - 1]! : 0);
    else {
      // A neutral is right to left when the nearest strong sides (digits count as their leaning) both are.
      let next: 'L' | 'R' = 'L';
      for (let j = i + 1; j < chars.length; j++) {
        const n = kinds[j]!;
        if (n === 'L' || n === 'R') {
          next = n;
          break;
        }
        if (n === 'D') {
          next = leaning[j]!;
          break;
        }
      }
      result.push(leaning[i] === 'R' && next === 'R' ? 1 : 0);
    }
  }
  return result;
}

/**
 * Rule L2: from the highest level down to 1, reverses every run of items at that level or higher.
 * Returns the items in the order they appear from left to right.
 */
export function visualOrder<T extends { level: Level }>(items: readonly T[]): T[] {
  const out = [...items];
  const highest = Math.max(0, ...out.map((item) => item.level));
  for (let level = highest; level >= 1; level--) {
    let i = 0;
    while (i < out.length) {
      if (out[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < out.length && out[end]!.level >= level) end++;
      const reversed = out.slice(i, end).reverse();
      out.splice(i, end - i, ...reversed);
      i = end;
    }
  }
  return out;
}
