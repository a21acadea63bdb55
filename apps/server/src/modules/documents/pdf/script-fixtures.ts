// Names in every script the documents print, for the renderer's tests and the API's. Each is an ordinary name
// of its language; what a reader must get back from the PDF is exactly these characters.
import type { RenderableDocument } from './render-document.ts';

export const SCRIPT_NAMES = {
  latin: 'Zoë Ångström-Núñez',
  greek: 'Αλέξανδρος Παπαδόπουλος',
  cyrillic: 'Жанна Иванова',
  /** 张 and 伟 are the simplified forms (張, 偉). */
  chineseSimplified: '张伟',
  /** 陳 is the traditional form (陈). */
  chineseTraditional: '陳大文',
  /** Kanji and hiragana. */
  japanese: '佐藤 さくら',
  /** Katakana. */
  japaneseKatakana: 'タナカ・ケン',
  korean: '김민준',
  arabic: 'محمد علي',
  hebrew: 'דוד כהן',
} as const;

export type Script = keyof typeof SCRIPT_NAMES;
export const SCRIPTS = Object.keys(SCRIPT_NAMES) as Script[];

/** `doc` with its two parties (and their signers) renamed. */
export function withPartyNames(
  doc: RenderableDocument,
  primary: string,
  secondary: string,
): RenderableDocument {
  return {
    ...doc,
    parties: {
      primary: { ...doc.parties.primary, name: primary },
      secondary: { ...doc.parties.secondary, name: secondary },
    },
    signers: doc.signers.map((s) => ({ ...s, name: s.role === 'primary' ? primary : secondary })),
  };
}

/** The names two by two: every name is a party once, beside the next one. */
export const namePairs = (): Array<[string, string]> => {
  const names = Object.values(SCRIPT_NAMES);
  return names.map((name, i) => [name, names[(i + 1) % names.length]!]);
};
