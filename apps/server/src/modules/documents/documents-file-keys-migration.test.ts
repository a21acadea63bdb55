// Migration 0023-document-file-keys on documents stored before it (decision 029): the PDFs the code before it
// kept, under its keys `documents/<id>/r<revision>`, stay named (the storage sweeper keeps them, a backup finds
// them, downloads read them); a row whose PDF that code removed names nothing; and the documents go on working.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import * as migration from '../../db/migrations/0023-document-file-keys.ts';
import { DEFAULT_GRACE_MS, sweepOrphans } from '../../platform/storage/storage-sweeper.ts';
import { everyNamedStorageKey } from '../stored-keys.ts';
import {
  currentPdfKey,
  downloadVia,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  storedPdfKeys,
  typed,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Long-time Owner' });
});
afterAll(async () => {
  await t.close();
});

const edit = (id: string, payload: Record<string, unknown>) =>
  request(t.app, 'PUT', `/api/documents/${id}`, owner, payload);

async function complete(id: string, body: ReturnType<typeof payloads.contract>) {
  await sendVia(t.app, owner, id);
  for (const party of [body.parties.primary, body.parties.secondary]) {
    const res = await signVia(t.app, await mailedSigningToken(t.app, party.email), typed(party.name));
    expect(res.statusCode).toBe(200);
  }
}

/** The key the code before 0023 stored a write under: the revision alone. */
const oldKeyOf = (key: string) => key.replace(/-[0-9a-f]{16}$/, '');

/**
 * Puts every stored PDF where the code before 0023 kept it, and the documents' rows as it wrote them (0023's
 * column dropped by its `down`).
 */
async function asBefore0023(ids: string[]) {
  const { db, storage } = t.app.ctx;
  const keys = await Promise.all(ids.map((id) => storedPdfKeys(t.app, id)));
  const current = await Promise.all(ids.map((id) => currentPdfKey(t.app, id)));
  await migration.down(db);
  for (const key of keys.flat()) {
    const bytes = await buffer(await storage.get(key));
    await storage.put(oldKeyOf(key), Readable.from([bytes]), { maxBytes: bytes.length });
    await storage.remove(key);
  }
  for (const [i, id] of ids.entries())
    await db
      .updateTable('documents')
      .set({ pdf_key: oldKeyOf(current[i]!) })
      .where('id', '=', id)
      .execute();
}

async function keptKeys(id: string) {
  const rows = await t.app.ctx.db
    .selectFrom('document_files')
    .select(['revision', 'storage_key'])
    .where('document_id', '=', id)
    .orderBy('revision')
    .execute();
  return rows.map((r) => [r.revision, r.storage_key]);
}

describe('migration 0023 on documents stored before it', () => {
  it('names the PDFs kept under the old keys and none that were removed; the sweeper keeps them and they work', async () => {
    // Completed: its unsigned PDF (r1) and its sealed one (r2).
    const contract = payloads.contract();
    const completed = (await generateVia(t.app, owner, contract))._id;
    await complete(completed, contract);
    // An edited draft: its first PDF (r1) was removed by the edit.
    const agreement = payloads.agreement();
    const edited = (await generateVia(t.app, owner, agreement))._id;
    expect((await edit(edited, { ...agreement, title: 'Edited once' })).statusCode).toBe(200);
    // Edited away and back, then completed: the unsigned PDF is r3, whose bytes are r1's, whose row it shares.
    const again = payloads.contract();
    const returned = (await generateVia(t.app, owner, again))._id;
    expect((await edit(returned, { ...again, title: 'For a moment' })).statusCode).toBe(200);
    expect((await edit(returned, again)).statusCode).toBe(200);
    await complete(returned, again);

    const ids = [completed, edited, returned];
    await asBefore0023(ids);
    const old = (id: string, revision: number) => `documents/${id}/r${revision}`;
    expect(await Promise.all(ids.map((id) => storedPdfKeys(t.app, id)))).toEqual([
      [old(completed, 1), old(completed, 2)],
      [old(edited, 2)],
      [old(returned, 3), old(returned, 4)],
    ]);

    await migration.up(t.app.ctx.db);
    expect(await keptKeys(completed)).toEqual([
      [1, old(completed, 1)],
      [2, old(completed, 2)],
    ]);
    expect(await keptKeys(edited)).toEqual([
      [1, null],
      [2, old(edited, 2)],
    ]);
    expect(await keptKeys(returned)).toEqual([
      [1, old(returned, 3)],
      [2, null],
      [4, old(returned, 4)],
    ]);
    const stored = (await Promise.all(ids.map((id) => storedPdfKeys(t.app, id)))).flat();
    expect([...(await everyNamedStorageKey(t.app.ctx.db))].sort()).toEqual(stored);
    const swept = await sweepOrphans(t.app.ctx, { now: new Date(Date.now() + 2 * DEFAULT_GRACE_MS) });
    expect(swept).toMatchObject({ removed: 0 });
    expect((await Promise.all(ids.map((id) => storedPdfKeys(t.app, id)))).flat()).toEqual(stored);

    // They go on working: downloads read the old keys, an edit replaces one and removes it.
    for (const id of [completed, returned]) {
      const row = await t.app.ctx.db
        .selectFrom('documents')
        .select('pdf_sha256')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const bytes = await downloadVia(t.app, owner, id);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.pdf_sha256);
    }
    expect((await edit(edited, { ...agreement, title: 'Edited after 0023' })).statusCode).toBe(200);
    const now = await currentPdfKey(t.app, edited);
    expect(now).toMatch(new RegExp(`^documents/${edited}/r3-[0-9a-f]{16}$`));
    expect(await storedPdfKeys(t.app, edited)).toEqual([now]);
    expect(await keptKeys(edited)).toEqual([
      [1, null],
      [2, null],
      [3, now],
    ]);
  });
});
