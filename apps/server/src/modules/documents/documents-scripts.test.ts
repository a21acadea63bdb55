// Party names in every script the documents print (decision 033), through the API on both databases: each
// is stored exactly as sent and printed in the PDF; a name with characters no font has (emoji, Thai,
// Devanagari) gets a 400 naming the field and the characters, and nothing is stored or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, downloadVia, generateVia, payloads, request } from './documents-testing.ts';
import { pdfReader, readable } from './pdf/pdf-testing.ts';
import { SCRIPT_NAMES, SCRIPTS } from './pdf/script-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
const reader = pdfReader();
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Worldwide Owner' });
});
afterAll(async () => {
  reader.cleanup();
  await t.close();
});

const contractNamed = (primary: string, secondary = 'Jon Vocal') => {
  const body = payloads.contract();
  return {
    ...body,
    parties: {
      primary: { ...body.parties.primary, name: primary },
      secondary: { ...body.parties.secondary, name: secondary },
    },
  };
};

const SCRIPTS_TEXT = 'Latin, Greek, Cyrillic, Chinese, Japanese, Korean, Arabic or Hebrew';

describe('a party name in each script', () => {
  for (const script of SCRIPTS)
    it(`${script} (${SCRIPT_NAMES[script]}): stored as sent and printed in the PDF`, async () => {
      const name = SCRIPT_NAMES[script];
      const doc = await generateVia(t.app, owner, contractNamed(name));
      expect(doc.parties.primary.name).toBe(name);
      expect(doc.signers.find((s) => s.role === 'primary')?.name).toBe(name);
      const read = reader.read(await downloadVia(t.app, owner, doc._id));
      expect(readable(read.plain)).toContain(readable(name));
      expect(readable(read.text)).toContain(readable(name));
      expect(read.text).not.toContain('?');
    });

  it('a split sheet whose writers are named in every script keeps and prints each name', async () => {
    const body = payloads.splitSheet();
    const names = Object.values(SCRIPT_NAMES);
    const writers = names.map((name, i) => ({
      name,
      email: `scripts.writer${i + 1}@example.com`,
      role: 'Writer',
      pro: 'PRS',
      ipi: '',
      share: 10,
    }));
    const doc = await generateVia(t.app, owner, {
      ...body,
      splitSheetDetails: { ...body.splitSheetDetails, writers, publishers: [] },
    });
    expect(doc.splitSheetDetails?.writers.map((w) => w.name)).toEqual(names);
    expect(doc.parties.primary.name).toBe(names[0]);
    const plain = readable(reader.read(await downloadVia(t.app, owner, doc._id)).plain);
    for (const name of names) expect(plain, name).toContain(readable(name));
  });
});

describe('a name no font can print is refused at its field, and nothing is stored', () => {
  const CASES: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'an emoji in a primary party name',
      contractNamed('DJ Nova 🎧'),
      'parties.primary.name',
      `Primary party name has a character documents can't print ("🎧"); write it in ${SCRIPTS_TEXT} script`,
    ],
    [
      'a secondary party name in Thai',
      contractNamed('Maya Beats', 'สมชาย'),
      'parties.secondary.name',
      `Secondary party name has characters documents can't print ("ส", "ม", "ช", …); write it in ${SCRIPTS_TEXT} script`,
    ],
    [
      'a writer named in Devanagari',
      (() => {
        const body = payloads.splitSheet();
        const writers = body.splitSheetDetails.writers.map((w, i) => (i === 1 ? { ...w, name: 'राम' } : w));
        return { ...body, splitSheetDetails: { ...body.splitSheetDetails, writers } };
      })(),
      'splitSheetDetails.writers.1.name',
      `Writer name has characters documents can't print ("र", "ा", "म"); write it in ${SCRIPTS_TEXT} script`,
    ],
  ];

  for (const [name, body, path, message] of CASES)
    it(name, async () => {
      const before = await documentsSnapshot(t.app);
      const res = await request(t.app, 'POST', '/api/documents/generate', owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message,
        error: { code: 'VALIDATION_ERROR', details: [{ path, message }] },
      });
      expect(await documentsSnapshot(t.app)).toEqual(before);
    });

  it('an edit that renames a party in emoji is refused and the document keeps its name', async () => {
    const doc = await generateVia(t.app, owner, contractNamed(SCRIPT_NAMES.korean));
    const before = await documentsSnapshot(t.app);
    const res = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, contractNamed('🎹🎹'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        path: 'parties.primary.name',
        message: `Primary party name has a character documents can't print ("🎹"); write it in ${SCRIPTS_TEXT} script`,
      },
    ]);
    expect(await documentsSnapshot(t.app)).toEqual(before);
    const kept = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
    expect(kept.parties.primary.name).toBe(SCRIPT_NAMES.korean);
  });
});
