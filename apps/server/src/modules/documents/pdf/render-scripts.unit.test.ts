// Names and text in every script the documents print (decision 033), read back with poppler: pdftotext
// must give each name back in all three of its reading modes, pdffonts must show the faces embedded as
// subsets, and a document in Latin alone must stay the size it was before the CJK faces existed.
import { execFileSync } from 'node:child_process';
import type { TemplateName } from '@mixdesk/contract/documents';
import { afterAll, describe, expect, it } from 'vitest';
import { agreementFixture, contractFixture, FIXTURES, splitSheetFixture } from './fixtures.ts';
import { pdfReader, readable, unwrapped } from './pdf-testing.ts';
import { type RenderableDocument, type RenderExtras, renderDocumentPdf } from './render-document.ts';
import { namePairs, SCRIPT_NAMES, SCRIPTS, withPartyNames } from './script-fixtures.ts';

const reader = pdfReader();
afterAll(() => reader.cleanup());

const render = async (doc: RenderableDocument, extras?: RenderExtras) =>
  reader.read(await renderDocumentPdf(doc, extras));

/** Fails naming the mode and the name when pdftotext does not give `name` back. */
function expectReadBack(read: Awaited<ReturnType<typeof render>>, name: string, where: string): void {
  for (const [mode, text] of [
    ['default', read.plain],
    ['-layout', read.text],
    ['-raw', read.raw],
  ] as const)
    expect(readable(text), `${where}, pdftotext ${mode}`).toContain(readable(name));
}

const PARTY_TEMPLATES: TemplateName[] = [
  'producer-contract',
  'studio-session-invoice',
  'collaboration-agreement',
];

describe('names in every script', () => {
  for (const template of PARTY_TEMPLATES)
    it(`${template}: each party name, in ${SCRIPTS.length} scripts, comes back from pdftotext`, async () => {
      for (const [primary, secondary] of namePairs()) {
        const read = await render(withPartyNames(FIXTURES[template](), primary, secondary));
        expectReadBack(read, primary, `${template}, primary ${primary}`);
        expectReadBack(read, secondary, `${template}, secondary ${secondary}`);
        expect(read.text, `${template}: nothing printed as "?"`).not.toContain('?');
      }
    });

  it(`split-sheet: writers and publishers named in ${SCRIPTS.length} scripts all come back`, async () => {
    const names = Object.values(SCRIPT_NAMES);
    const writers = names.slice(0, 8).map((name, i) => ({
      name,
      email: `writer${i + 1}@example.com`,
      role: 'Writer',
      pro: 'PRS',
      ipi: '',
      share: 12.5,
    }));
    const publishers = names.slice(8).map((name, i) => ({
      name,
      email: `publisher${i + 1}@example.com`,
      role: 'Publisher',
      pro: 'PRS',
      ipi: '',
      share: 50,
    }));
    const read = await render(splitSheetFixture(writers, publishers));
    for (const name of names) expectReadBack(read, name, `split sheet, ${name}`);
    expect(read.text).not.toContain('?');
  });

  it('embeds DejaVu for Latin, Greek, Cyrillic, Arabic and Hebrew and Noto for CJK, each as a subset that maps back to Unicode', async () => {
    const doc = withPartyNames(contractFixture(), SCRIPT_NAMES.chineseTraditional, SCRIPT_NAMES.korean);
    doc.contractDetails!.deliverables = Object.values(SCRIPT_NAMES);
    const read = await render(doc);
    const fonts = reader.fonts(read.file);
    const byName = (face: string) => fonts.find((font) => font.name.replace(/^[A-Z]{6}\+/, '') === face);
    for (const face of ['DejaVuSans', 'DejaVuSans-Bold', 'NotoSansSC-Regular', 'NotoSansKR-Regular']) {
      const font = byName(face);
      expect(font, `${face} in ${fonts.map((f) => f.name).join(', ')}`).toBeDefined();
      expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
      expect(font!.name).toMatch(/^[A-Z]{6}\+/);
    }
    expect(fonts).toHaveLength(4);
  });

  it('a typed signature in Chinese, Korean or Arabic is printed, not replaced by "?"', async () => {
    for (const name of [SCRIPT_NAMES.chineseSimplified, SCRIPT_NAMES.korean, SCRIPT_NAMES.arabic]) {
      const doc = withPartyNames(contractFixture(), SCRIPT_NAMES.latin, SCRIPT_NAMES.greek);
      const unsigned = await render(doc);
      const signed = await render(doc, {
        signatures: [
          {
            signerId: doc.signers[0]!._id,
            signedAt: '2026-11-25T08:30:51Z',
            mark: { kind: 'typed', text: name },
          },
        ],
      });
      expect(readable(unsigned.plain)).not.toContain(readable(name));
      expect(readable(signed.plain), name).toContain(readable(name));
    }
  });
});

interface WordBox {
  x: number;
  right: number;
  y: string;
  text: string;
}

/** Every word poppler finds on page 1 with its position; the characters in the order they are drawn. */
function wordBoxes(file: string): WordBox[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g),
  ].map((m) => ({ x: Number(m[1]), y: m[2]!, right: Number(m[3]), text: m[4]! }));
}

/**
 * Right-to-left words as a reader of those scripts reads them off the page: on each line, runs of
 * neighbouring right-to-left words taken from the right, each word's characters from the right too.
 */
function readRightToLeft(boxes: WordBox[]): string[] {
  const rtl = boxes.filter((b) => /[\u0590-\u08ff]/.test(b.text));
  const lines = new Map<string, WordBox[]>();
  for (const box of rtl) lines.set(box.y, [...(lines.get(box.y) ?? []), box]);
  const phrases: string[] = [];
  for (const words of lines.values()) {
    const sorted = [...words].sort((a, b) => a.x - b.x);
    let run: WordBox[] = [];
    const flush = () => {
      if (run.length > 0)
        phrases.push(
          run
            .reverse()
            .map((w) => [...w.text].reverse().join(''))
            .join(' '),
        );
      run = [];
    };
    for (const word of sorted) {
      // A gap wider than a space ends the phrase: something else (a Latin word) stood between.
      if (run.length > 0 && word.x - run.at(-1)!.right > 8) flush();
      run.push(word);
    }
    flush();
  }
  return phrases;
}

describe('right-to-left text on the page', () => {
  it("sets a name in Arabic or Hebrew from right to left: its first word rightmost, each word's letters too", async () => {
    const doc = withPartyNames(contractFixture(), SCRIPT_NAMES.arabic, SCRIPT_NAMES.hebrew);
    const read = await render(doc);
    const phrases = readRightToLeft(wordBoxes(read.file));
    // The party block, the preamble and the signature block each show both names.
    expect(phrases.filter((p) => p === SCRIPT_NAMES.arabic)).toHaveLength(2);
    expect(phrases.filter((p) => p === SCRIPT_NAMES.hebrew)).toHaveLength(2);
    expect(phrases).toHaveLength(4);
  });

  it('keeps digits inside right-to-left text left to right, and the English around it in order', async () => {
    // "12ب" is building 12B: its digits read left to right although the letter after them is Arabic.
    const address = 'شارع 12ب القاهرة';
    const doc = withPartyNames(contractFixture(), SCRIPT_NAMES.latin, SCRIPT_NAMES.greek);
    doc.contractDetails!.projectTitle = `Studio at ${address} (ground floor)`;
    const boxes = wordBoxes((await render(doc)).file);
    const line = boxes.filter((b) => b.y === boxes.find((w) => w.text === 'floor)')!.y);
    const order = [...line].sort((a, b) => a.x - b.x).map((b) => b.text);
    // Left to right on the page: the English, then the Arabic read from the right (its last word leftmost),
    // the number as written, then the English again.
    // poppler counts the letter and the number as two words, being of two directions.
    expect(order).toEqual(['Studio', 'at', 'ةرهاقلا', 'ب', '12', 'عراش', '(ground', 'floor)']);
  });
});

describe('long text in other scripts', () => {
  it('a Chinese clause of 600 characters wraps between characters and comes back whole, in order', async () => {
    const sentence = '制作人应在每次录音结束后交付所有分轨文件，并保留原始工程文件至少两年。';
    const rights = sentence.repeat(Math.ceil(600 / sentence.length)).slice(0, 600);
    const doc = contractFixture({ rights });
    const read = await render(doc);
    // What the clause flows over: the footer of one page and the running head of the next.
    const furniture = new RegExp(`${doc.documentId}|Page \\d+ of \\d+|Producer Contract · `);
    const body = read.raw.split('\n').filter((line) => !furniture.test(line));
    expect(read.pages).toBe(2);
    expect(unwrapped(body.join('\n'))).toContain(rights);
    expect(read.text).not.toContain('?');
  });

  it('a Korean clause breaks only at its spaces: every line holds whole words', async () => {
    const sentence =
      '제작자는 모든 녹음 세션이 끝난 후 각 트랙의 스템 파일을 전달하고 원본 프로젝트 파일을 보관합니다. ';
    const rights = sentence.repeat(8).trim();
    const read = await render(contractFixture({ rights }));
    const vocabulary = new Set(rights.split(' '));
    const lines = read.raw.split('\n').filter((line) => /[\uac00-\ud7a3]/.test(line));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      for (const word of line.trim().split(/\s+/))
        expect(vocabulary.has(word), `"${word}" in "${line}" is a whole word`).toBe(true);
    expect(unwrapped(read.raw)).toContain(unwrapped(rights));
  });

  it('right-to-left names inside an English sentence keep their letters and the sentence around them', async () => {
    const doc = withPartyNames(agreementFixture(), SCRIPT_NAMES.arabic, SCRIPT_NAMES.hebrew);
    const plain = readable((await render(doc)).plain);
    expect(plain).toContain(readable(SCRIPT_NAMES.arabic));
    expect(plain).toContain(readable(SCRIPT_NAMES.hebrew));
    expect(plain).toContain('(the secondary party), who agree to collaborate on the following terms.');
  });
});

/**
 * Sizes of the ordinary fixtures as rendered before the CJK faces and the run-by-run text setting (this
 * branch's base, measured with the old renderer). A document in Latin alone embeds no CJK face: it must stay
 * within 1 % of these. A deliberate change to a template's layout updates them.
 */
const LATIN_BYTES_BEFORE: Record<TemplateName, number> = {
  'producer-contract': 28_599,
  'studio-session-invoice': 27_863,
  'collaboration-agreement': 28_364,
  'split-sheet': 27_568,
};

describe('a document in Latin alone', () => {
  for (const [template, before] of Object.entries(LATIN_BYTES_BEFORE) as Array<[TemplateName, number]>)
    it(`${template} stays within 1 % of its size before (${before.toLocaleString('en-US')} bytes), with DejaVu alone embedded`, async () => {
      const bytes = await renderDocumentPdf(FIXTURES[template]());
      expect(Math.abs(bytes.length - before) / before).toBeLessThanOrEqual(0.01);
      const fonts = reader.fonts(reader.save(bytes)).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
      expect(fonts.sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    });
});
