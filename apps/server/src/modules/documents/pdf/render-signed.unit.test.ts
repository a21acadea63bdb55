// A signed copy read back with poppler: each signer's mark sits in the room kept for it without moving
// anything else, and the certificate of completion lists the whole audit trail on as many pages as it needs.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFixture, PRIMARY, SECONDARY } from './fixtures.ts';
import { pdfReader, unwrapped, words } from './pdf-testing.ts';
import { type RenderableDocument, type RenderExtras, renderDocumentPdf } from './render-document.ts';
import { auditTrail, completedExtras, SCRAWL_PNG, UNSIGNED_SHA256 } from './signing-fixtures.ts';

const reader = pdfReader();
afterAll(() => reader.cleanup());

const render = async (doc: RenderableDocument, extras?: RenderExtras) =>
  reader.read(await renderDocumentPdf(doc, extras));

/** Both parties' signatures and no certificate. */
const signaturesOnly = (doc: RenderableDocument): RenderExtras => ({
  signatures: completedExtras(doc).signatures,
});

const typed = (doc: RenderableDocument, text: string): RenderExtras => ({
  signatures: [
    { signerId: doc.signers[0]!._id, signedAt: '2026-11-25T08:30:51Z', mark: { kind: 'typed', text } },
  ],
});

/** Every word pdftotext finds, with its page and position. */
function wordBoxes(file: string): string[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: string[] = [];
  for (const [index, page] of html.split('<page ').slice(1).entries()) {
    for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g))
      words.push(`p${index + 1} ${Number(match[1]).toFixed(1)},${Number(match[2]).toFixed(1)} ${match[3]}`);
  }
  return words;
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('renderDocumentPdf with signatures', () => {
  it('draws a typed signature in the sloped face and a drawn one as its image, each dated under its line', async () => {
    const doc = contractFixture();
    const unsigned = await render(doc);
    const signed = await render(doc, signaturesOnly(doc));
    // The typed name is there once more than on the unsigned copy, in the oblique face.
    expect(count(signed.text, /Maya Okafor/g)).toBe(count(unsigned.text, /Maya Okafor/g) + 1);
    expect(execFileSync('pdffonts', [signed.file], { encoding: 'utf8' })).toContain('DejaVuSans-Oblique');
    const images = execFileSync('pdfimages', ['-list', signed.file], { encoding: 'utf8' });
    expect(images).toMatch(/^\s+\d+\s+\d+\s+image\s+300\s+100\s/m);
    expect(words(signed.text)).toContain(
      'Signed electronically on 25 Nov 2026, 08:30 UTC Signed electronically on 24 Nov 2026, 18:04 UTC',
    );
    expect(words(signed.text)).toContain('25 November 2026 24 November 2026');
    // Signed lines lose their "Signature" caption; the "Date" captions stay.
    expect(count(signed.text, /\bSignature\b/g)).toBe(0);
    expect(count(signed.text, /\bDate\b/g)).toBe(count(unsigned.text, /\bDate\b/g));
  });

  it('moves nothing: every word of the unsigned copy but the "Signature" captions stays where it was', async () => {
    const doc = contractFixture();
    const unsigned = wordBoxes((await render(doc)).file);
    const signed = new Set(wordBoxes((await render(doc, signaturesOnly(doc))).file));
    const kept = unsigned.filter((word) => !word.endsWith(' Signature'));
    expect(kept.length).toBe(unsigned.length - 2);
    expect(kept.filter((word) => !signed.has(word))).toEqual([]);
  });

  it('sets a long typed name smaller on one line, and a name the sloped face cannot show upright', async () => {
    const doc = contractFixture();
    const long = 'Anna-Katharina Okafor-Lindqvist';
    expect((await render(doc, typed(doc, long))).text).toMatch(new RegExp(`^\\s*${long}\\s`, 'm'));
    const endless = 'Maximiliane Alexandra Okafor-Lindqvist de Souza Ferreira';
    const cut = (await render(doc, typed(doc, endless))).text;
    expect(cut).toMatch(/^\s*Maximiliane Alexandra [^\n]*…/m);
    expect(cut).not.toContain('Ferreira de');
    // Set upright, the name needs no oblique face at all, and keeps its letters rather than boxes or '?'.
    const arabic = await render(doc, typed(doc, 'مايا'));
    expect(execFileSync('pdffonts', [arabic.file], { encoding: 'utf8' })).not.toContain('Oblique');
    expect(arabic.text).toMatch(/مايا|ايام/);
    expect(arabic.text).not.toContain('?');
  });

  it('ignores a signature for someone who is not a signer', async () => {
    const doc = contractFixture();
    const stray: RenderExtras = {
      signatures: [
        { signerId: 'nobody', signedAt: '2026-11-25T08:30:51Z', mark: { kind: 'image', png: SCRAWL_PNG } },
      ],
    };
    expect((await renderDocumentPdf(doc, stray)).equals(await renderDocumentPdf(doc))).toBe(true);
  });
});

describe('the certificate of completion', () => {
  it('names the document and its unsigned SHA-256 and lists every event with its IP and user agent', async () => {
    const doc = contractFixture();
    const extras = completedExtras(doc);
    const { text, raw, pages } = await render(doc, extras);
    const last = text.split('\f').filter((page) => page.trim() !== '');
    const certificate = last.at(-1)!;
    expect(pages).toBe(3);
    expect(certificate).toContain('Certificate of Completion');
    expect(certificate).toContain(doc.documentId);
    expect(certificate).toContain('Production of the Midnight');
    expect(certificate).toContain(UNSIGNED_SHA256);
    expect(certificate).toContain('25 Nov 2026, 08:30:51 UTC');
    const flat = unwrapped(raw);
    for (const event of extras.certificate!.events) {
      if (event.ip) expect(flat).toContain(unwrapped(event.ip));
      if (event.userAgent) expect(flat).toContain(unwrapped(event.userAgent));
    }
    expect(flat).toContain(unwrapped('Viewed 24 Nov 2026 18:02:45 Lucas Ferreira'));
    expect(flat).toContain(unwrapped('Completed 25 Nov 2026 08:30:51 — — —'));
    expect(words(certificate)).toContain('This file carries a digital signature');
    expect(words(certificate)).toContain('breaks the signature');
    for (const party of [PRIMARY, SECONDARY]) expect(certificate).toContain(party.name);
  });

  it('runs a long audit trail over further pages, header repeated, each event once, the seal note last', async () => {
    const doc = contractFixture();
    const extras = {
      ...completedExtras(doc),
      certificate: { ...completedExtras(doc).certificate!, events: auditTrail(120) },
    };
    const { text, raw, pages } = await render(doc, extras);
    expect(pages).toBeGreaterThan(4);
    expect(count(text, /EVENT\s+TIME \(UTC\)\s+ACTOR\s+IP ADDRESS\s+USER AGENT/g)).toBe(pages - 2);
    for (let i = 1; i <= 120; i++) expect(count(raw, new RegExp(`198\\.51\\.100\\.${i}\\b`, 'g'))).toBe(1);
    // "Name <email>" prints as the name over the address.
    expect(raw).toContain('Lucas Ferreira\nlucas.ferreira@example.com\n');
    const lastPage = text
      .split('\f')
      .filter((page) => page.trim() !== '')
      .at(-1)!;
    expect(lastPage).toMatch(/Completed[\s\S]*This file carries a digital signature/);
    expect(lastPage).toContain(`Page ${pages} of ${pages}`);
  });

  it('renders a completed document to the same bytes every time', async () => {
    const doc = contractFixture();
    const first = await renderDocumentPdf(doc, completedExtras(doc));
    expect(first.equals(await renderDocumentPdf(doc, completedExtras(doc)))).toBe(true);
    expect(first.equals(await renderDocumentPdf(doc))).toBe(false);
    expect((await renderDocumentPdf(doc, {})).equals(await renderDocumentPdf(doc))).toBe(true);
  });
});
