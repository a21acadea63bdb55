// Two requests that make a document's next PDF at once (two completions of a document everyone has signed,
// two edits of a draft) each write an object of their own (decision 029): the winner's row names its own
// bytes, the loser removes only what it wrote, and nothing under the document is left that no row names.
// After edits the rows name exactly the PDFs kept: none an edit removed (a backup would look for it in vain),
// and the unsigned one of a completed document even when its bytes were issued before.
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import { everyNamedStorageKey, namedStorageKeys } from '../stored-keys.ts';
import { completeDocument } from './complete.ts';
import { generateVia, payloads, request, sendVia, storedPdfKeys } from './documents-testing.ts';

const ROUNDS = 5;

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Racing Owner' });
});
afterAll(async () => {
  await t.close();
});

/**
 * The document's row names bytes that are stored and are the ones it describes; every object stored under the
 * document is one a row names (the sweeper keeps it), and every key the rows name is stored (a backup finds it).
 */
async function expectWhole(documentId: string) {
  const db = t.app.ctx.db;
  const row = await db
    .selectFrom('documents')
    .select(['pdf_key', 'pdf_sha256', 'pdf_size'])
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const stat = await t.app.ctx.storage.stat(row.pdf_key);
  expect(stat, `${row.pdf_key} is stored`).not.toBeNull();
  const bytes = await buffer(await t.app.ctx.storage.get(row.pdf_key));
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.pdf_sha256);
  expect(bytes.length).toBe(row.pdf_size);
  const stored = await storedPdfKeys(t.app, documentId);
  expect([...(await namedStorageKeys(db, stored))].sort()).toEqual(stored);
  const named = [...(await everyNamedStorageKey(db))]
    .filter((k) => k.startsWith(`documents/${documentId}/`))
    .sort();
  expect(named).toEqual(stored);
  return stored;
}

/** The document sent, and signed by every party but not completed yet: what the last signature leaves. */
async function signByEveryone(id: string): Promise<void> {
  await sendVia(t.app, owner, id);
  const now = nowIso();
  await t.app.ctx.db
    .updateTable('document_signers')
    .set({
      signed_at: now,
      status: 'signed',
      signature: JSON.stringify({ kind: 'typed', value: 'Signed at once' }),
      token_hash: null,
      token_expires_at: null,
    })
    .where('document_id', '=', id)
    .execute();
  await t.app.ctx.db.updateTable('documents').set({ status: 'signed' }).where('id', '=', id).execute();
}

describe('two requests making the same next PDF at once', () => {
  it('two completions of one document: one completes it, and its row names its own sealed bytes', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = (await generateVia(t.app, owner, payloads.contract()))._id;
      await signByEveryone(id);
      await Promise.all([completeDocument(t.app.ctx, id), completeDocument(t.app.ctx, id)]);
      const row = await t.app.ctx.db
        .selectFrom('documents')
        .select(['status', 'pdf_revision'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'completed', pdf_revision: 2 });
      const events = await t.app.ctx.db
        .selectFrom('document_events')
        .select('type')
        .where('document_id', '=', id)
        .where('type', '=', 'completed')
        .execute();
      expect(events).toHaveLength(1);
      // The unsigned PDF its certificate describes and the sealed one, and nothing else.
      expect(await expectWhole(id)).toHaveLength(2);
    }
  });

  it('two edits of a draft: each answered, and the row names the PDF of the edit that won', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const body = payloads.contract();
      const doc = await generateVia(t.app, owner, body);
      const edit = (budget: number) =>
        request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, {
          ...body,
          contractDetails: { ...body.contractDetails, budget },
        });
      const answers = await Promise.all([edit(1111), edit(2222)]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes).toContain(200);
      for (const code of codes) expect([200, 409]).toContain(code);
      const shown = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
      const won = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.document.pdf);
      expect(won).toContainEqual(shown.pdf);
      // Only the PDF the row shows: the first draft and the losing edit's are gone.
      expect(await expectWhole(doc._id)).toHaveLength(1);
    }
  });
});

describe('the PDFs a document keeps after edits', () => {
  it('an edit leaves no row naming the PDF it replaced', async () => {
    const body = payloads.agreement();
    const doc = await generateVia(t.app, owner, body);
    const res = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, {
      ...body,
      title: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(await expectWhole(doc._id)).toHaveLength(1);
  });

  it('an edit back to earlier content, then completion: the unsigned PDF stays named', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    const edit = (payload: Record<string, unknown>) =>
      request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, payload);
    expect((await edit({ ...body, title: 'For a moment' })).statusCode).toBe(200);
    // The same content as the first draft renders the same bytes (the PDF depends on nothing else).
    const back = await edit(body);
    expect(back.json().data.document.pdf.sha256).toBe(doc.pdf.sha256);
    await signByEveryone(doc._id);
    await completeDocument(t.app.ctx, doc._id);
    expect(await expectWhole(doc._id)).toHaveLength(2);
  });
});
