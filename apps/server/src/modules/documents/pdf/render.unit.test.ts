// The rendered PDFs read back with poppler (pdftotext, pdfinfo), as any PDF reader would see them: every
// name, amount and clause is on the page, long content flows onto further pages, and output is stable.
import { afterAll, describe, expect, it } from 'vitest';
import {
  agreementFixture,
  CONTRACT_RIGHTS,
  contractFixture,
  invoiceFixture,
  PRIMARY,
  PUBLISHERS,
  SECONDARY,
  splitSheetFixture,
  WRITERS,
} from './fixtures.ts';
import { pdfReader, words } from './pdf-testing.ts';
import { type RenderableDocument, renderDocumentPdf } from './render-document.ts';

const reader = pdfReader();
afterAll(() => reader.cleanup());

const render = async (doc: RenderableDocument) => reader.read(await renderDocumentPdf(doc));

/** The body text with each page's running head and footer taken out, as one line of words. */
function bodyText(text: string, documentId: string): string {
  const furniture = new RegExp(`^\\s*(${documentId}\\s+Page \\d+ of \\d+|.+ · .+)\\s*$`);
  return words(
    text
      .split(/\n|\f/)
      .filter((line) => !furniture.test(line))
      .join('\n'),
  );
}

function expectParties(text: string): void {
  for (const party of [PRIMARY, SECONDARY]) {
    expect(text).toContain(party.name);
    expect(text).toContain(party.email);
    for (const line of party.address.split('\n')) expect(text).toContain(line);
  }
  expect(text).toContain(PRIMARY.phone);
}

describe('renderDocumentPdf', () => {
  it('a producer contract shows the header, both parties and every term as a numbered clause', async () => {
    const doc = contractFixture();
    const { text, pages } = await render(doc);
    const body = bodyText(text, doc.documentId);
    expect(text).toContain('PRODUCER CONTRACT');
    expect(text).toContain('Production of the Midnight Tides EP');
    expect(text).toContain('DOC-20261124-K7Q2MX');
    expect(text).toContain('24 November 2026');
    expect(text).toContain('Midnight Tides EP');
    expectParties(text);
    expect(body).toContain('1. Project Midnight Tides EP (5 tracks)');
    expect(body).toContain(
      '2. Deliverables 1. Five fully produced tracks, mixed and mastered 2. Stems for every track (24-bit / 48 kHz WAV)',
    );
    expect(body).toContain('3. Timeline Eight weeks from the first session, ending 31 January 2027');
    expect(body).toContain('4. Budget $12,500.00');
    expect(body).toContain(
      '5. Payment terms 50% on signature, 50% on delivery of the final masters. Invoices are payable within 14 days.',
    );
    expect(body).toContain('6. Revisions 3 rounds of revisions are included.');
    expect(body).toContain(`7. Rights ${CONTRACT_RIGHTS}`);
    expect(body).toContain('8. Cancellation Either party may cancel with 14 days written notice');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('a contract leaves out empty optional terms and numbers the rest without gaps', async () => {
    const doc = contractFixture({
      timeline: '',
      paymentTerms: '',
      rights: '',
      cancellationTerms: '',
      revisions: 1,
    });
    const body = bodyText((await render(doc)).text, doc.documentId);
    expect(body).toContain('3. Budget $12,500.00 4. Revisions 1 round of revisions are included.');
    expect(body).not.toMatch(/Timeline|Payment terms|Rights|Cancellation/);
  });

  it('an invoice lists every item with its amount, then subtotal, tax with its rate, total and terms', async () => {
    const doc = invoiceFixture();
    const { text } = await render(doc);
    expectParties(text);
    expect(text).toContain('INV-2026-0117');
    expect(text).toContain('24 December 2026');
    expect(text).toMatch(/Studio A tracking session \(8 h\)\s+2\s+\$640\.00\s+\$1,280\.00/);
    expect(text).toMatch(/Vocal tuning and comping, per song\s+3\s+\$185\.50\s+\$556\.50/);
    expect(text).toMatch(/Mixing engineer, per hour\s+6\.5\s+\$95\.00\s+\$617\.50/);
    expect(text).toMatch(/Subtotal\s+\$2,454\.00/);
    expect(text).toMatch(/Tax \(8\.25%\)\s+\$202\.46/);
    expect(text).toMatch(/Total\s+\$2,656\.46/);
    expect(text).toMatch(/Payment terms\s+Net 30/);
    expect(words(text)).toContain(
      'Bank transfer to Northlight Studio Ltd, sort code 04-00-04, account 12345678.',
    );
  });

  it('an invoice whose tax was given as an amount shows no rate beside it', async () => {
    const doc = invoiceFixture();
    doc.invoiceDetails = { ...doc.invoiceDetails!, taxRate: null, tax: 50, total: 2504 };
    const { text } = await render(doc);
    expect(text).toMatch(/Tax\s+\$50\.00/);
    expect(text).not.toContain('Tax (');
    expect(text).toMatch(/Total\s+\$2,504\.00/);
  });

  it('a 100-item invoice runs over several pages, header repeated, with every row once and the total last', async () => {
    const doc = invoiceFixture(100);
    const { text, pages } = await render(doc);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/DESCRIPTION\s+QTY\s+RATE\s+AMOUNT/g)?.length).toBeGreaterThan(1);
    for (let i = 4; i <= 100; i++)
      expect(text.match(new RegExp(`Overdub session ${i}, Studio B`, 'g'))?.length, `row ${i}`).toBe(1);
    expect(text).toMatch(/Overdub session 100, Studio B\s+1\s+\$100\.00\s+\$100\.00/);
    expect(text).toMatch(/Subtotal\s+\$12,154\.00/);
    expect(text).toMatch(/Tax \(8\.25%\)\s+\$1,002\.71/);
    expect(text).toMatch(/Total\s+\$13,156\.71/);
  });

  it('every page carries the document number and "Page n of m"', async () => {
    const doc = invoiceFixture(100);
    const { text, pages } = await render(doc);
    const pageTexts = text.split('\f').filter((p) => p.trim() !== '');
    expect(pageTexts).toHaveLength(pages);
    pageTexts.forEach((page, i) => {
      expect(page).toMatch(new RegExp(`DOC-20261124-K7Q2MX\\s+Page ${i + 1} of ${pages}`));
    });
  });

  it('a 4,000-character clause and 50 deliverables flow onto further pages, nothing lost', async () => {
    const sentence = 'The producer delivers each stem as a separate 24-bit WAV file named after its track. ';
    const rights = sentence
      .repeat(Math.ceil(4000 / sentence.length))
      .slice(0, 4000)
      .trim();
    const deliverables = Array.from(
      { length: 50 },
      (_, i) => `Track ${i + 1}: full mix, instrumental and stems`,
    );
    const doc = contractFixture({ rights, deliverables });
    const { text, pages } = await render(doc);
    const body = bodyText(text, doc.documentId);
    expect(pages).toBeGreaterThan(1);
    expect(body).toContain(`Rights ${rights}`);
    expect(body).toContain('50. Track 50: full mix, instrumental and stems');
    expect(body).toContain('Cancellation Either party may cancel');
  });

  it('a collaboration agreement shows the revenue share with names, responsibilities and its terms', async () => {
    const doc = agreementFixture();
    const { text } = await render(doc);
    const body = bodyText(text, doc.documentId);
    expectParties(text);
    expect(body).toContain('Collaboration Co-production and co-writing of one single');
    expect(body).toContain('Primary: 60% / Secondary: 40%');
    expect(body).toContain('Maya Okafor (primary party): 60%');
    expect(body).toContain('Lucas Ferreira (secondary party): 40%');
    expect(body).toContain('Production and arrangement • Mixing • Booking studio time');
    expect(body).toContain('Topline and lyrics • Lead vocal recording');
    expect(body).toContain('Exclusivity Exclusive');
    expect(body).toContain('Duration Twelve months from signature');
    expect(body).toContain('Either party may end this agreement with 30 days written notice.');
  });

  it('a non-exclusive agreement with fractional shares says so', async () => {
    const doc = agreementFixture({
      exclusivity: false,
      revenueShare: { primaryPercentage: 62.5, secondaryPercentage: 37.5 },
    });
    const body = bodyText((await render(doc)).text, doc.documentId);
    expect(body).toContain('Exclusivity Non-exclusive');
    expect(body).toContain('Primary: 62.5% / Secondary: 37.5%');
  });

  it('a split sheet lists writers and publishers with PRO, IPI and share, each table totalling 100%', async () => {
    const doc = splitSheetFixture();
    const { text } = await render(doc);
    expect(text).toMatch(/Song title\s+Glass Harbour/);
    for (const person of [...WRITERS, ...PUBLISHERS]) {
      const ipi = person.ipi || '—';
      expect(text).toMatch(
        new RegExp(`${person.name}\\s+${person.role}\\s+${person.pro}\\s+${ipi}\\s+${person.share}%`),
      );
      expect(text).toContain(person.email);
    }
    expect(text.match(/Total\s+100%/g)).toHaveLength(2);
  });

  it('a split sheet without publishers has no publishers table, and 30 writers flow onto a new page', async () => {
    const writers = Array.from({ length: 30 }, (_, i) => ({
      name: `Writer Number ${i + 1}`,
      email: `writer${i + 1}@example.com`,
      role: 'Co-writer',
      pro: 'GEMA',
      ipi: '',
      share: i === 29 ? 3.43 : 3.33,
    }));
    const doc = splitSheetFixture(writers, []);
    const { text, pages } = await render(doc);
    expect(pages).toBeGreaterThan(1);
    expect(text).not.toContain('Publishers');
    expect(text).toMatch(/Writer Number 30\s+Co-writer\s+GEMA\s+—\s+3\.43%/);
    expect(text).toMatch(/Total\s+100%/);
  });

  it('has a signature block for every signer with their role, name and email', async () => {
    const doc = splitSheetFixture();
    const { text } = await render(doc);
    expect(text.match(/Signature\b/g)?.length).toBe(doc.signers.length);
    expect(text.match(/\bDate\b/g)?.length).toBeGreaterThanOrEqual(doc.signers.length);
    expect(text.match(/WRITER/g)).toHaveLength(WRITERS.length);
    expect(text.match(/PUBLISHER/g)).toHaveLength(PUBLISHERS.length);
  });

  it('renders the same document to the same bytes, and another document to other bytes', async () => {
    const first = await renderDocumentPdf(invoiceFixture());
    const second = await renderDocumentPdf(invoiceFixture());
    expect(first.equals(second)).toBe(true);
    const other = invoiceFixture();
    other.documentId = 'DOC-20261124-ZZZZZZ';
    expect((await renderDocumentPdf(other)).equals(first)).toBe(false);
  });

  it('prints accents, Cyrillic and CJK, and replaces what no font can show (emoji) with "?" without throwing', async () => {
    const doc = contractFixture();
    doc.parties = {
      primary: { ...PRIMARY, name: 'José Müller-Ñúñez', address: 'Zoe\u0308 Straße 5\nКиев' },
      secondary: { ...SECONDARY, name: 'Жанна Иванова 日本 🎧', phone: '☎ +7 495 555 0101' },
    };
    doc.title = 'Contrat de production — « Été » 🎶';
    doc.signers = doc.signers.map((s, i) => ({
      ...s,
      name: i === 0 ? 'José Müller-Ñúñez' : 'Жанна Иванова 日本 🎧',
    }));
    const { text } = await render(doc);
    expect(text).toContain('José Müller-Ñúñez');
    expect(text).toContain('Zoë Straße 5');
    expect(text).toContain('Киев');
    expect(text).toContain('Жанна Иванова 日本 ?');
    expect(text).toContain('Contrat de production — « Été » ?');
    expect(text).toContain('☎ +7 495 555 0101');
  });
});
