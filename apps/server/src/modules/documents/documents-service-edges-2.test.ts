// What an edit, a delete and a void answer when the document changes under them: between the request's
// first read and its transaction, another request deletes or edits it, or takes the invoice number it sets.
// The other request is a real one, run at that moment by hooking the next storage write (an edit renders its
// PDF there) or the next transaction begin (delete and void), each of which then goes on as it would.
// Then what an edit and a void leave behind: the audit trail, the issued file, the void's answer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  documentsSnapshot,
  downloadVia,
  generateVia,
  payloads,
  request,
  sendVia,
} from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Raced Owner' });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

/** Runs `meanwhile` when the next object is stored (an edit's new PDF), then stores it. */
function duringNextPdfWrite(meanwhile: () => Promise<void>) {
  const storage = t.app.ctx.storage;
  const store = storage.put.bind(storage);
  vi.spyOn(storage, 'put').mockImplementationOnce(async (...args: Parameters<typeof store>) => {
    await meanwhile();
    return store(...args);
  });
}

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

const url = (id: string) => `/api/documents/${id}`;
const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p;
  if (res.statusCode !== 200) throw new Error(`the other request failed: ${res.statusCode} ${res.body}`);
};
const notFound = { success: false, message: 'Document not found', error: { code: 'NOT_FOUND' } };

/** Every object stored under documents/, sorted. */
async function storedObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.ctx.storage.list('documents/')) keys.push(o.key);
  return keys.sort();
}

describe('an edit whose document changed while its PDF was written', () => {
  it('deleted meanwhile: 404, and its PDF goes too', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    const objects = await storedObjects();
    duringNextPdfWrite(() => ok(request(t.app, 'DELETE', url(doc._id), owner)));
    const res = await request(t.app, 'PUT', url(doc._id), owner, { ...body, title: 'Too late' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await storedObjects()).toEqual(objects.filter((k) => !k.startsWith(`documents/${doc._id}/`)));
  });

  it('edited meanwhile: 409 asking to reload, and the other edit stands', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    duringNextPdfWrite(() => ok(request(t.app, 'PUT', url(doc._id), owner, { ...body, title: 'First in' })));
    const res = await request(t.app, 'PUT', url(doc._id), owner, { ...body, title: 'Second in' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'The document changed meanwhile; reload it and try again',
      error: { code: 'CONFLICT' },
    });
    const shown = (await request(t.app, 'GET', url(doc._id), owner)).json().data.document;
    expect([shown.title, shown.pdf.revision]).toEqual(['First in', 2]);
  });

  it('its new invoice number taken meanwhile by another invoice: 409, and the invoice is unchanged', async () => {
    const body = payloads.invoice();
    const doc = await generateVia(t.app, owner, body);
    const number = `${body.invoiceDetails.invoiceNumber}-B`;
    const details = { ...body.invoiceDetails, invoiceNumber: number };
    duringNextPdfWrite(async () => {
      await generateVia(t.app, owner, payloads.invoice({ invoiceDetails: details }));
    });
    const before = (await documentsSnapshot(t.app)).documents.find((d) => d.id === doc._id);
    const res = await request(t.app, 'PUT', url(doc._id), owner, { ...body, invoiceDetails: details });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'An invoice with this number already exists',
      error: { code: 'CONFLICT' },
    });
    expect((await documentsSnapshot(t.app)).documents.find((d) => d.id === doc._id)).toEqual(before);
  });
});

describe('a delete or a void whose document was deleted meanwhile', () => {
  it('the delete answers 404', async () => {
    const doc = await generateVia(t.app, owner, payloads.agreement());
    beforeNextTransaction(() => ok(request(t.app, 'DELETE', url(doc._id), owner)));
    const res = await request(t.app, 'DELETE', url(doc._id), owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('the void answers 404', async () => {
    const doc = await generateVia(t.app, owner, payloads.agreement());
    beforeNextTransaction(() => ok(request(t.app, 'DELETE', url(doc._id), owner)));
    const res = await request(t.app, 'POST', `${url(doc._id)}/void`, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });
});

describe('what an edit and a void leave behind', () => {
  it('an edit is in the audit trail with its revision, and its PDF is recognised as a draft', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    expect(
      (await request(t.app, 'PUT', url(doc._id), owner, { ...body, title: 'Second draft' })).statusCode,
    ).toBe(200);
    const events = (await request(t.app, 'GET', `/api/documents/${doc._id}/audit`, owner)).json().data.events;
    expect(events.map((e: { type: string; details: unknown }) => [e.type, e.details])).toEqual([
      ['created', { template: 'producer-contract' }],
      ['updated', { revision: 2 }],
    ]);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/documents/verify',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/pdf' },
      payload: await downloadVia(t.app, owner, doc._id),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.document).toMatchObject({ _id: doc._id, revision: 2, kind: 'draft' });
  });

  it('a void answers with its signers, is in the audit trail, and cannot happen twice', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    const res = await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner);
    expect(res.statusCode).toBe(200);
    const voided = res.json().data.document;
    expect(voided.status).toBe('voided');
    expect(voided.signers.map((s: { _id: string; status: string }) => [s._id, s.status])).toEqual([
      [doc.signers[0]!._id, 'pending'],
      [doc.signers[1]!._id, 'pending'],
    ]);
    const events = (await request(t.app, 'GET', `/api/documents/${doc._id}/audit`, owner)).json().data.events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(['created', 'voided']);
    const again = await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document is already void');
  });

  it('a paid invoice cannot be voided', async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    await sendVia(t.app, owner, doc._id);
    const today = new Date().toISOString().slice(0, 10);
    const paid = await request(t.app, 'POST', `/api/documents/${doc._id}/mark-paid`, owner, {
      paidAt: today,
    });
    expect(paid.statusCode).toBe(200);
    const res = await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A completed document cannot be voided');
    expect(
      (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document.status,
    ).toBe('paid');
  });
});
