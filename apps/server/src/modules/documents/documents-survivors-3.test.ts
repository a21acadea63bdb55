// The documents group's third round of survivors: the message of a generate answer, the list at the prefix's
// own path with a trailing slash, the Sign action and a payment whose document is deleted just before their
// transaction (each checks it again there, on SQLite too), the size bound each PDF write passes to the
// storage, and a completion whose document is voided or deleted (with its owner's account) while the final
// PDF is written: the completion keeps its hands off, and removes what it stored.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { deleteDocumentsOfOwner } from './delete-owned.ts';
import {
  currentPdfKey,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  storedPdfKeys,
  typed,
} from './documents-testing.ts';
import { removeObjects } from './pdf-files.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Third Round Owner' });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

const url = (id: string) => `/api/documents/${id}`;
const notFound = { success: false, message: 'Document not found', error: { code: 'NOT_FOUND' } };
const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p;
  if (res.statusCode !== 200) throw new Error(`the other request failed: ${res.statusCode} ${res.body}`);
};

/** Runs `meanwhile` just before the next transaction begins, then begins it. */
function beforeNextTransaction(meanwhile: () => Promise<void>) {
  const db = t.app.ctx.db;
  const begin = db.transaction.bind(db);
  vi.spyOn(db, 'transaction').mockImplementationOnce(() => {
    const builder = begin();
    return {
      execute: async (work: Parameters<typeof builder.execute>[0]) => {
        await meanwhile();
        return builder.execute(work);
      },
    } as unknown as typeof builder;
  });
}

/** Runs `meanwhile` when the next object is stored (a completion's final PDF), then stores it. */
function duringNextPdfWrite(meanwhile: () => Promise<void>) {
  const storage = t.app.ctx.storage;
  const store = storage.put.bind(storage);
  vi.spyOn(storage, 'put').mockImplementationOnce(async (...args: Parameters<typeof store>) => {
    await meanwhile();
    return store(...args);
  });
}

/** A contract of `who` sent to both parties, the primary party signed; the secondary holds the last link. */
async function halfSigned(who: SignedIn) {
  const body = payloads.contract();
  const doc = await generateVia(t.app, who, body);
  await sendVia(t.app, who, doc._id);
  const { primary, secondary } = body.parties;
  const first = await signVia(t.app, await mailedSigningToken(t.app, primary.email), typed(primary.name));
  expect(first.statusCode).toBe(200);
  return {
    id: doc._id,
    signLast: async () =>
      signVia(t.app, await mailedSigningToken(t.app, secondary.email), typed(secondary.name)),
  };
}

const rowOf = (id: string) =>
  t.app.ctx.db
    .selectFrom('documents')
    .select(['status', 'pdf_revision', 'completed_at', 'completion_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The document's id while its row exists; none once it is deleted. */
const documentIds = async (id: string) =>
  (await t.app.ctx.db.selectFrom('documents').select('id').where('id', '=', id).execute()).map((r) => r.id);

const eventTypes = async (id: string) =>
  (
    await t.app.ctx.db
      .selectFrom('document_events')
      .select('type')
      .where('document_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((e) => e.type);

const completionFailuresLogged = (documentId: string) =>
  t
    .logs()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; documentId?: string })
    .filter((l) => l.msg === 'Completing a signed document failed' && l.documentId === documentId);

describe('the answers the routes give', () => {
  it('a generate answers 201 with its message and the document', async () => {
    const res = await request(t.app, 'POST', '/api/documents/generate', owner, payloads.agreement());
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe('Document generated successfully!');
    expect(answer.data.document).toMatchObject({ status: 'generated', documentType: 'agreement' });
  });

  it('the list answers the same at the prefix with a trailing slash', async () => {
    await generateVia(t.app, owner, payloads.contract());
    const plain = await request(t.app, 'GET', '/api/documents', owner);
    expect(plain.statusCode).toBe(200);
    const slashed = await request(t.app, 'GET', '/api/documents/', owner);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json().message).toBe('Documents');
    expect(slashed.body).toBe(plain.body);
  });
});

describe('the Sign action and a payment whose document was deleted just before their transaction', () => {
  it('the Sign action answers 404 and makes no link', async () => {
    const body = payloads.contract();
    body.parties.primary.email = owner.user.email;
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    beforeNextTransaction(() => ok(request(t.app, 'DELETE', url(doc._id), owner)));
    const res = await request(t.app, 'POST', `${url(doc._id)}/sign-link`, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await documentIds(doc._id)).toEqual([]);
  });

  it('marking it paid answers 404', async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    await sendVia(t.app, owner, doc._id);
    beforeNextTransaction(() => ok(request(t.app, 'DELETE', url(doc._id), owner)));
    const res = await request(t.app, 'POST', `${url(doc._id)}/mark-paid`, owner, { paidAt: '2026-01-05' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await documentIds(doc._id)).toEqual([]);
  });
});

describe('the size bound of each PDF write', () => {
  it('a draft is stored with a bound of 32 MiB, the sealed final copy with 64 MiB', async () => {
    const storage = t.app.ctx.storage;
    const store = storage.put.bind(storage);
    const writes: Array<[string, unknown]> = [];
    vi.spyOn(storage, 'put').mockImplementation(async (...args: Parameters<typeof store>) => {
      writes.push([args[0], args[2]]);
      return store(...args);
    });
    const doc = await halfSigned(owner);
    expect(writes).toEqual([[await currentPdfKey(t.app, doc.id), { maxBytes: 32 * 1024 * 1024 }]]);
    const last = await doc.signLast();
    expect(last.statusCode).toBe(200);
    expect(last.json().data.status).toBe('completed');
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual([await currentPdfKey(t.app, doc.id), { maxBytes: 64 * 1024 * 1024 }]);
  });
});

describe('a completion whose document changed while its final PDF was written', () => {
  it('voided meanwhile: it stays void, and the final PDF written for it is removed', async () => {
    const doc = await halfSigned(owner);
    const draft = await currentPdfKey(t.app, doc.id);
    duringNextPdfWrite(() => ok(request(t.app, 'POST', `${url(doc.id)}/void`, owner)));
    expect((await doc.signLast()).statusCode).toBe(200);
    expect(await rowOf(doc.id)).toEqual({
      status: 'voided',
      pdf_revision: 1,
      completed_at: null,
      completion_error: null,
    });
    expect(await currentPdfKey(t.app, doc.id)).toBe(draft);
    expect(await storedPdfKeys(t.app, doc.id)).toEqual([draft]);
    const events = await eventTypes(doc.id);
    expect(events).not.toContain('completed');
    expect(events.at(-1)).toBe('voided');
    expect(completionFailuresLogged(doc.id)).toEqual([]);
  });

  it("deleted meanwhile with its owner's account: nothing fails, and the final PDF written for it is removed", async () => {
    const leaving = await registerUser(t.app, { name: 'Leaving Owner' });
    const doc = await halfSigned(leaving);
    duringNextPdfWrite(async () => {
      // What deleting the account does to its documents: the rows in its transaction, then their PDFs.
      const keys = await t.app.ctx.db
        .transaction()
        .execute((trx) => deleteDocumentsOfOwner(trx, leaving.user._id));
      await removeObjects(t.app.ctx, keys);
    });
    const last = await doc.signLast();
    expect(last.statusCode).toBe(200);
    expect(last.json().data.status).toBe('completed');
    expect(await documentIds(doc.id)).toEqual([]);
    expect(await storedPdfKeys(t.app, doc.id)).toEqual([]);
    expect(completionFailuresLogged(doc.id)).toEqual([]);
  });
});
