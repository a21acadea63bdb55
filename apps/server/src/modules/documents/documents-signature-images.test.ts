// Drawn signatures that cannot hurt the signer or the server (issue #31): a PNG is checked by its header
// before anything inflates it, decoded and re-encoded once when it is accepted, and only the clean copy is
// kept; a corrupt one is a 400 at signing. A completion that fails is tried again, and when it still fails
// the owner is told why and can still resend or void.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { fromJson } from '../../db/schema.ts';
import {
  documentsSnapshot,
  downloadVia,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  typed,
} from './documents-testing.ts';
import {
  chunkTypes,
  dataUrl,
  drawn,
  inkedPng,
  makePng,
  PNG_SIGNATURE,
  pngChunk,
} from './signature-png-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Careful Owner' });
});
afterAll(async () => {
  await t.close();
});

/** A contract sent to both parties: their names and the links they were mailed. */
async function sentContract() {
  const body = payloads.contract();
  const doc = await generateVia(t.app, owner, body);
  await sendVia(t.app, owner, doc._id);
  const { primary, secondary } = body.parties;
  return {
    id: doc._id,
    primary: { ...primary, token: await mailedSigningToken(t.app, primary.email) },
    secondary: { ...secondary, token: await mailedSigningToken(t.app, secondary.email) },
  };
}

const storedSignature = async (documentId: string, email: string) =>
  (
    await t.app.ctx.db
      .selectFrom('document_signers')
      .select('signature')
      .where('document_id', '=', documentId)
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).signature;

const documentOf = async (id: string) =>
  (await request(t.app, 'GET', `/api/documents/${id}`, owner)).json().data.document;

describe('a drawn signature is checked before it is kept', () => {
  it('refuses a 10000×10000 drawing that compresses to a few hundred KB, and keeps nothing', async () => {
    const doc = await sentContract();
    // Grey, 8 bits: 100 MB of pixels once inflated, 97 KB as sent.
    const huge = makePng({ width: 10_000, height: 10_000, colorType: 0 });
    expect(huge.length).toBeLessThan(200 * 1024);
    const before = await documentsSnapshot(t.app);
    const res = await signVia(t.app, doc.primary.token, drawn(huge));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'A drawn signature must be at most 2000 × 1000 pixels (this one is 10000 × 10000)',
    });
    expect(await documentsSnapshot(t.app)).toEqual(before);
    // The link still works: the signer can draw again.
    expect((await signVia(t.app, doc.primary.token, drawn(inkedPng()))).statusCode).toBe(200);
  });

  it('refuses an image within 2000 × 1000 pixels whose decoded size is over 8 MB', async () => {
    const doc = await sentContract();
    // 16-bit RGBA: 2000 × 1000 × 8 bytes = 16 MB of pixels.
    const deep = makePng({ width: 2000, height: 1000, bitDepth: 16 });
    const res = await signVia(t.app, doc.primary.token, drawn(deep));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'A drawn signature must be at most 8 MB once decoded',
    });
    expect(await storedSignature(doc.id, doc.primary.email)).toBeNull();
  });

  it('refuses a header that claims a small image over a stream that inflates far past it', async () => {
    const doc = await sentContract();
    // 100 × 100 RGBA is 40,100 bytes of scanlines; the stream holds 50 MB.
    const bomb = makePng({ width: 100, height: 100, raw: Buffer.alloc(50 * 1024 * 1024) });
    const res = await signVia(t.app, doc.primary.token, drawn(bomb));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('damaged') });
    expect(await storedSignature(doc.id, doc.primary.email)).toBeNull();
  });

  it('refuses the PNG signature followed by garbage, a truncated file and a wrong checksum: 400, nothing kept', async () => {
    const doc = await sentContract();
    const good = inkedPng();
    const badCrc = Buffer.from(good);
    badCrc[8 + 8 + 13] = badCrc[8 + 8 + 13]! ^ 0xff; // the IHDR chunk's CRC
    const cases = [
      Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage that is not a chunk at all, repeated'.repeat(20))]),
      good.subarray(0, Math.floor(good.length / 2)),
      badCrc,
    ];
    const before = await documentsSnapshot(t.app);
    for (const png of cases) {
      const res = await signVia(t.app, doc.primary.token, drawn(png));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'This drawn signature is damaged and cannot be read. Draw it again.',
      });
    }
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('keeps a clean copy of an accepted drawing: its size, none of its extra chunks, and it completes', async () => {
    const doc = await sentContract();
    const note = pngChunk('tEXt', Buffer.from('Comment\0hidden note from the drawing app', 'latin1'));
    const sent = inkedPng([note], Buffer.from('bytes after the end'));
    const res = await signVia(t.app, doc.primary.token, drawn(sent));
    expect(res.statusCode).toBe(200);
    const kept = fromJson(await storedSignature(doc.id, doc.primary.email), { kind: '', value: '' });
    expect(kept.kind).toBe('drawn');
    expect(kept.value).not.toBe(dataUrl(sent));
    const png = Buffer.from(kept.value.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 100]);
    expect(chunkTypes(png)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(png.toString('latin1')).not.toContain('hidden note');

    const done = await signVia(t.app, doc.secondary.token, typed(doc.secondary.name));
    expect(done.json().data.status).toBe('completed');
    // The final PDF holds the drawing at the size it was drawn.
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-img-'));
    try {
      writeFileSync(path.join(dir, 'final.pdf'), await downloadVia(t.app, owner, doc.id));
      const list = execFileSync('pdfimages', ['-list', path.join(dir, 'final.pdf')], { encoding: 'utf8' });
      expect(list).toMatch(/\s300\s+100\s+rgb\s/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a completion that fails', () => {
  it('is tried again in the same request: one failed write still completes the document', async () => {
    const doc = await sentContract();
    await signVia(t.app, doc.primary.token, typed(doc.primary.name));
    const put = vi
      .spyOn(t.app.ctx.storage, 'put')
      .mockRejectedValueOnce(new Error('storage hiccup: connection reset'));
    try {
      const res = await signVia(t.app, doc.secondary.token, typed(doc.secondary.name));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('completed');
    } finally {
      put.mockRestore();
    }
    const view = await documentOf(doc.id);
    expect(view.status).toBe('completed');
    expect(view.completionError).toBeNull();
  });

  it('shows the owner why when it keeps failing, and resend and void answer without a 500', async () => {
    const doc = await sentContract();
    await signVia(t.app, doc.primary.token, drawn(inkedPng()));
    // A drawing kept before signatures were checked: the PNG signature and garbage.
    const legacy = Buffer.concat([PNG_SIGNATURE, Buffer.from('not image data')]);
    await t.app.ctx.db
      .updateTable('document_signers')
      .set({ signature: JSON.stringify({ kind: 'drawn', value: dataUrl(legacy) }) })
      .where('document_id', '=', doc.id)
      .where('email', '=', doc.primary.email)
      .execute();

    const last = await signVia(t.app, doc.secondary.token, typed(doc.secondary.name));
    expect(last.statusCode).toBe(200);
    expect(last.json().data.status).toBe('signed');

    const why = `the drawn signature of ${doc.primary.name} cannot be read`;
    const view = await documentOf(doc.id);
    expect(view.status).toBe('signed');
    expect(view.completionError).toContain(why);
    const listed = (await request(t.app, 'GET', '/api/documents', owner)).json().data.documents;
    expect(listed.find((d: { _id: string }) => d._id === doc.id).completionError).toContain(why);

    const resend = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, owner, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ success: false, message: expect.stringContaining(why) });

    const voided = await request(t.app, 'POST', `/api/documents/${doc.id}/void`, owner);
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.document).toMatchObject({ status: 'voided', completionError: null });
  });
});
